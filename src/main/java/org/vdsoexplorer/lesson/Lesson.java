package org.vdsoexplorer.lesson;

import java.util.List;

/**
 * A parsed lesson file: the front matter (id, title, order, minutes, prerequisites: ids of other
 * lessons), the Markdown before the first step ({@code intro}, whose first line is file line
 * {@code introLine}) and the steps. Immutable. {@code file} is the name problems are reported under.
 */
public record Lesson(String file, String id, String title, int order, int minutes, List<String> prerequisites,
                     String intro, int introLine, List<Step> steps) {

    public Lesson {
        prerequisites = List.copyOf(prerequisites);
        steps = List.copyOf(steps);
    }
}
