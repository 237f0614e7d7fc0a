package org.vdsoexplorer.lesson;

import java.util.List;

/**
 * A parsed lesson file: the front matter (id, title, order, minutes: the steps' total, prerequisites: ids of other
 * lessons, objectives: what a student can do after it, misconceptions: what it sets right and in which step), the
 * Markdown before the first step ({@code intro}, whose first line is file line {@code introLine}) and the steps.
 * Immutable. {@code file} is the name problems are reported under. {@code optional}: a side lesson (front matter
 * {@code optional: yes}) that the picker lists apart and the course order skips ({@link #courseOrder}).
 * {@code assessment}: the front matter's {@code assessment: true} (no hints, no "Show me", no "Give up"; setups may
 * {@code draw:} their parameters); {@code seed}: the seed its draws came from ({@link Draw}; 0: the first alternatives).
 */
public record Lesson(String file, String id, String title, int order, int minutes, List<String> prerequisites,
                     List<String> objectives, List<Misconception> misconceptions, String intro, int introLine,
                     List<Step> steps, boolean optional, boolean assessment, long seed) {

    public Lesson {
        prerequisites = List.copyOf(prerequisites);
        objectives = List.copyOf(objectives);
        misconceptions = List.copyOf(misconceptions);
        steps = List.copyOf(steps);
    }

    /** {@code lessons} (in list order: order, then id) without the optional side lessons: the course a student follows. */
    public static List<Lesson> courseOrder(List<Lesson> lessons) {
        return lessons.stream().filter(l -> !l.optional()).toList();
    }

    /** The lesson after {@code l} in {@link #courseOrder} of {@code lessons}, or null (the last, or an optional lesson). */
    public static Lesson nextInCourse(List<Lesson> lessons, Lesson l) {
        List<Lesson> course = courseOrder(lessons);
        int i = course.indexOf(l);
        return i < 0 || i + 1 >= course.size() ? null : course.get(i + 1);
    }

    /** The intro as the lesson panel shows it with step 1: a first line '# Title' repeating the title blanked (the header shows it). */
    public String shownIntro() { return withoutTitle(intro, title); }

    /** {@code intro} with a first non-blank line '# {@code title}' blanked, its other lines (and their numbers) kept. */
    static String withoutTitle(String intro, String title) {
        if (intro == null || title == null) return intro;
        String[] lines = intro.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            String first = lines[i].stripLeading();
            if (!first.startsWith("# ") || !first.substring(2).strip().equals(title.strip())) return intro;
            lines[i] = "";
            return String.join("\n", lines);
        }
        return intro;
    }
}
