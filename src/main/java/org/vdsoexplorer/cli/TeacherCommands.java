package org.vdsoexplorer.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.LessonFolder;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.guide.TeacherGuide;
import org.vdsoexplorer.session.ClassReport;
import org.vdsoexplorer.session.ProgressStore;
import org.vdsoexplorer.session.Results;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * The teacher's commands (issue 26), registered in the one registry by {@code Main} (they read the progress store, in
 * the session layer): {@code results export FILE} (a student's results as FILE.json and FILE.csv), {@code class-report
 * DIR} (a folder of them) and {@code teacher-guide DIR} (a guide and a worksheet per lesson, HTML and PDF).
 */
public final class TeacherCommands {
    private TeacherCommands() {}

    static final Commands.Option LESSONS = Commands.Option.value("lessons", "DIR", "the lesson folder (default: the shipped course)");

    /** {@code c} with the teacher's commands added. */
    public static Commands addTo(Commands c) {
        return c.add(Commands.Command.of("results", "a student's results, to hand in", (a, out, err) -> {
                    throw new UsageException("results: say what to do: results export FILE");
                })
                .sub(Commands.Command.of("export", "writes this user's lesson results (answers, right or wrong, tries, hints, "
                                + "seconds on the step, assessment seeds) as FILE.json and FILE.csv; nothing is sent anywhere",
                                TeacherCommands::export)
                        .operands("FILE", 1, 1)
                        .options(Commands.Option.value("name", "NAME", "the student's name as the teacher should see it").mandatory(),
                                Commands.Option.value("lesson", "ID", "only this lesson (default: every lesson with answers)"), LESSONS)))
                .add(Commands.Command.of("class-report", "reads a folder of exported results: per question the share right and the "
                                + "common wrong answers, per student the score; files that are not results are named and skipped",
                                TeacherCommands::classReport)
                        .operands("DIR", 1, 1))
                .add(Commands.Command.of("teacher-guide", "writes for every lesson a teacher's guide (objectives, a 50-minute lab plan, "
                                + "the answer key computed by the model with the measured figures, misconceptions, speaker notes) and a "
                                + "printable worksheet, as HTML and PDF, into DIR", TeacherCommands::guide)
                        .operands("DIR", 1, 1).options(LESSONS));
    }

    private static int guide(Args a, PrintStream out, PrintStream err) {
        Path dir = Path.of(a.positional().getFirst());
        LessonLibrary.Loaded loaded = lessons(a, "teacher-guide");
        if (loaded.lessons().isEmpty()) {
            for (var p : loaded.problems()) err.println(p);
            err.println("teacher-guide: no lessons to write a guide for");
            return 1;
        }
        try {
            Files.createDirectories(dir);
            for (TeacherGuide.Written w : TeacherGuide.write(loaded.lessons(), dir, new Evaluator())) {
                out.println(w.lesson().id() + ": " + w.answers() + " answers; " + String.join(", ",
                        w.files().stream().map(f -> f.getFileName().toString()).toList()));
            }
        } catch (IOException e) {
            err.println("teacher-guide: " + AtomicFiles.naming(e, dir));
            return 1;
        }
        out.println("wrote " + loaded.lessons().size() + " guides and worksheets (HTML and PDF) into " + dir);
        return 0;
    }

    private static LessonLibrary.Loaded lessons(Args a, String command) {
        String d = a.one("lessons");
        if (d != null && !Files.isDirectory(Path.of(d))) throw new UsageException(command + ": --lessons: '" + d + "' is not a folder");
        Path dir = d != null ? Path.of(d) : LessonFolder.resolve(null).dir();
        return LessonLibrary.load(dir, new Evaluator(), false);
    }

    private static int export(Args a, PrintStream out, PrintStream err) throws IOException {
        String name = a.one("name").strip();
        if (name.isEmpty()) throw new UsageException("results export: --name is empty");
        LessonLibrary.Loaded loaded = lessons(a, "results export");
        String only = a.one("lesson");
        if (only != null && loaded.byId(only) == null) {
            throw new UsageException("results export: " + org.vdsoexplorer.util.Known.unknown("lesson", only,
                    loaded.lessons().stream().map(l -> l.id()).toList()));
        }
        ProgressStore progress = ProgressStore.open();
        if (!progress.warning().isEmpty()) err.println("results export: " + progress.warning());
        Results.File r = Results.of(name, progress, loaded.lessons(), only);
        List<Path> written;
        Path file = Path.of(a.positional().getFirst());
        try {
            written = Results.write(r, file);
        } catch (IOException e) {
            err.println("results export: " + AtomicFiles.naming(e, file));
            return 1;
        }
        int answers = r.lessons().stream().mapToInt(l -> l.answers().size()).sum();
        out.println("wrote " + written.get(0) + " and " + written.get(1) + ": " + r.lessons().size() + " lesson(s), " + answers
                + " answer(s) of " + name + (answers == 0 ? " (no answers recorded yet: " + progress.where() + ")" : ""));
        return 0;
    }

    private static int classReport(Args a, PrintStream out, PrintStream err) {
        Path dir = Path.of(a.positional().getFirst());
        if (!Files.isDirectory(dir)) throw new UsageException("class-report: '" + dir + "' is not a folder");
        ClassReport r;
        try {
            r = ClassReport.of(dir);
        } catch (IOException e) {
            err.println("class-report: cannot list " + dir + ": " + AtomicFiles.reason(e));
            return 1;
        }
        out.print(r.text());
        return 0;
    }
}
