package org.vdsoexplorer.lesson;

/**
 * A misconception a lesson targets (front matter {@code misconceptions: [{text: ..., step: ...}]}): what students
 * wrongly believe, and the title of the step that addresses it ({@code check-lessons} makes sure that step exists).
 */
public record Misconception(String text, String step) {}
