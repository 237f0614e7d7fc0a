package org.vdsoexplorer.model.lesson;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchTest {
    @Test
    void print() throws Exception {
        Evaluator ev = new Evaluator();
        for (String dir : new String[] {"/work/main/lessons", "lessons"}) {
            var l = LessonLibrary.load(Path.of(dir), ev, false);
            StringBuilder sb = new StringBuilder();
            for (Lesson x : l.lessons()) for (Step s : x.steps()) {
                if (s.question() == null || s.question().type() != Question.Type.PREDICT) continue;
                if (s.question().predict().measured()) continue;
                String a;
                try { a = ev.answer(s.effectiveSetup(), s.question()).value(); } catch (Exception e) { a = "ERR " + e.getMessage(); }
                String pos = s.setup() == null ? "" : " @" + ev.stage(s.setup()).timeline().position();
                sb.append(x.id()).append(" ").append(s.number()).append(" ").append(s.question().predict().lessonName()).append(" = ").append(a).append(pos).append("\n");
            }
            java.nio.file.Files.writeString(Path.of("/tmp/le/answers-" + (dir.startsWith("/") ? "main" : "mine") + ".txt"), sb.toString());
        }
    }
}
