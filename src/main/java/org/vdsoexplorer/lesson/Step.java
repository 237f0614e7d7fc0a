package org.vdsoexplorer.lesson;

/**
 * One {@code ## } section of a lesson: its title (the heading without its {@code {minutes=N}}), the minutes a student
 * is expected to need for it (NaN if the heading gives none: a problem), its line, the Markdown body to show (the
 * setup, question and notes blocks taken out; {@code bodyLine} is the file line of its first line), the resolved setup
 * (null: the step leaves the model as it is), the setup in force for it (its own or the latest earlier one; null if
 * none yet), whether a ```setup block was written but could not be read ({@code setupBroken}), a question (or null)
 * and speaker notes (or "").
 */
public record Step(int number, String title, double minutes, int line, String body, int bodyLine, StepSetup setup,
                   StepSetup effectiveSetup, boolean setupBroken, Question question, String notes, int notesLine) {}
