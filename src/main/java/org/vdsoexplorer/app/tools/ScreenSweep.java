package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.common.Snapshots;

import org.vdsoexplorer.app.MainWindow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.vdsoexplorer.app.lesson.LessonPane;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Every lesson step as the class sees it, checked with {@link LayoutCheck}. The configurations that share a
 * window size and mode (presenter mode at 100/150/250 %; a laptop with and without the lesson panel) share
 * one window: it shows the plain explore screen first, then opens every lesson of the lesson folder in turn
 * and steps through it with the panel's own next step (as a presenter's clicker does); at each step each
 * configuration of the window is checked in place (its scale set, the lesson panel taken out for a student
 * who closed it with L and put back to go on). One window per group and one load of the lessons for all:
 * the sweep costs the steps and the checks, not hundreds of window builds.
 */
public final class ScreenSweep {
    private ScreenSweep() {}

    /** At most this many pictures of unclean screens are written (each costs a snapshot; -Dsweep.pictures=N). */
    private static final java.util.concurrent.atomic.AtomicInteger PICTURES = new java.util.concurrent.atomic.AtomicInteger(Integer.getInteger("sweep.pictures", 20));

    /** One way the screens are used: window size, UI scale in percent, presenter mode, the lesson panel shown. */
    public record Config(double width, double height, int scale, boolean presenter, boolean lessonPanel) {
        /** The configurations of issue 9: a projector at 100/150/250 %, beside the lesson panel, a laptop with and without it. */
        public static final List<Config> CLASSROOM = List.of(
                new Config(1920, 1080, 100, true, true),
                new Config(1920, 1080, 150, true, true),
                new Config(1920, 1080, 250, true, true),
                new Config(1600, 1000, 100, false, true),
                new Config(1280, 720, 100, false, true),
                new Config(1280, 720, 100, false, false));

        /** "1920x1080 presenter 150 %", "1280x720 lesson panel", "1280x720". */
        public String name() {
            return (int) width + "x" + (int) height + (presenter ? " presenter " + scale + " %" : (lessonPanel ? " lesson panel" : "")
                    + (scale != 100 ? " " + scale + " %" : ""));
        }

        /** Configurations with the same key share a window. */
        Object window() { return List.of(width, height, presenter); }
    }

    /** One screen checked: "explore" or "02-seqlock step 3", and what {@link LayoutCheck} found. */
    public record Image(String name, LayoutCheck.Result check) {
        public boolean clean() { return check.clipped().isEmpty() && check.overlaps().isEmpty() && check.lowContrast().isEmpty(); }
    }

    /** A configuration's images, in order, and the time its window's sweep took (shared by the window's configurations). */
    public record Outcome(Config config, List<Image> images, long windowNanos) {
        public int clipped() { return images.stream().mapToInt(i -> i.check().clipped().size()).sum(); }

        public int overlaps() { return images.stream().mapToInt(i -> i.check().overlaps().size()).sum(); }

        /**
         * The smallest text size on any of the images, in px; in presenter mode on the lesson steps' images only (the
         * explore screen is the plain window: presenter mode needs a lesson).
         */
        public double smallestText() {
            return images.stream().filter(i -> !config.presenter() || !i.name().equals("explore"))
                    .mapToDouble(i -> i.check().smallestFont()).filter(f -> f > 0).min().orElse(0);
        }

        /** The lowest text contrast on any of the images (WCAG 2.1 ratio; NaN: none measured). */
        public double lowestContrast() {
            return images.stream().mapToDouble(i -> i.check().lowestContrast()).filter(c -> !Double.isNaN(c)).min()
                    .orElse(Double.NaN);
        }

        /** The image with the lowest text contrast, or null. */
        public Image lowestContrastImage() {
            return images.stream().filter(i -> !Double.isNaN(i.check().lowestContrast()))
                    .min(java.util.Comparator.comparingDouble(i -> i.check().lowestContrast())).orElse(null);
        }

        /** The texts under {@link TextContrast#AA} summed over the images. */
        public int lowContrast() { return images.stream().mapToInt(i -> i.check().lowContrast().size()).sum(); }

        public List<Image> failed() { return images.stream().filter(i -> !i.clean()).toList(); }

        /**
         * "1920x1080 presenter 100 %: 91 images, 0 clipped, 0 overlapping, smallest text 14.0 px, lowest contrast 5.10:1
         * (02-seqlock step 3), 0 texts under 4.5:1".
         */
        public String summary() {
            Image low = lowestContrastImage();
            return String.format(Locale.ROOT, "%s: %d images, %d clipped, %d overlapping, smallest text %.1f px, lowest contrast "
                    + "%.2f:1 (%s), %d texts under %.1f:1", config.name(), images.size(), clipped(), overlaps(), smallestText(),
                    lowestContrast(), low == null ? "none" : low.name(), lowContrast(), TextContrast.AA);
        }

        /** The summary and each image that is not clean with its findings. */
        public String details() {
            StringBuilder sb = new StringBuilder(summary());
            for (Image i : failed()) sb.append("\n  ").append(i.name()).append(": ").append(i.check().details().replace("\n", "\n    "));
            return sb.toString();
        }
    }

    /** The lesson files of {@code dir} ("NN-name.md", and the optional side lessons "side-name.md"), sorted: what the sweep expects the lessons to be. */
    public static List<Path> lessonFiles(Path dir) {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("(\\d+|side)-.*\\.md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sweeps {@code configs}: in each, the explore screen, then every step of every lesson {@code lessons}
     * (loaded from {@code lessonsDir}) holds. Images that are not clean are written as PNGs into {@code failDir}
     * (null: none). Call off the FX thread. Returns one outcome per configuration, in order.
     */
    public static List<Outcome> run(List<Config> configs, Path lessonsDir, LessonLibrary.Loaded lessons, Path failDir) {
        Snapshots.startToolkit();
        Setup initial = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        // the windows share figures measured here, so no counters bar says "measuring..."
        org.vdsoexplorer.app.WindowServices services = org.vdsoexplorer.app.WindowServices.standard();
        services.figures().of(initial);
        for (Setup s : setups(lessons.lessons())) services.figures().of(s);
        Map<Object, List<Config>> windows = new LinkedHashMap<>();
        for (Config c : configs) windows.computeIfAbsent(c.window(), k -> new ArrayList<>()).add(c);
        Map<Config, Outcome> out = new LinkedHashMap<>();
        for (List<Config> group : windows.values()) {
            long t0 = System.nanoTime();
            Map<Config, List<Image>> images = sweepWindow(group, initial, services, lessonsDir, lessons, failDir);
            long took = System.nanoTime() - t0;
            images.forEach((c, list) -> out.put(c, new Outcome(c, list, took)));
        }
        return configs.stream().map(out::get).toList();
    }

    /** {@link #run} on the lessons of {@code lessonsDir}, loaded here (parsed; the model checks are check-lessons' job). */
    public static List<Outcome> run(List<Config> configs, Path lessonsDir, Path failDir) {
        return run(configs, lessonsDir, LessonLibrary.load(lessonsDir, new Evaluator(), false), failDir);
    }

    private static Map<Config, List<Image>> sweepWindow(List<Config> group, Setup initial,
                                                        org.vdsoexplorer.app.WindowServices services, Path lessonsDir,
                                                        LessonLibrary.Loaded lessons, Path failDir) {
        Config first = group.getFirst();
        Map<Config, List<Image>> images = new LinkedHashMap<>();
        for (Config c : group) images.put(c, new ArrayList<>());
        MainWindow w = Screenshots.onFx(() -> {
            MainWindow m = new MainWindow(initial, first.width(), first.height(), services);
            m.setReducedMotion(true);
            Screenshots.explore(m.session());
            return m;
        });
        LessonPane[] pane = {null};
        try {
            for (Config c : group) {
                Screenshots.onFx(() -> scale(w, null, c));
                images.get(c).add(check(w, null, c, "explore", failDir));
            }
            // "Your kernel" on the shipped capture: a call at its start, one read again after a placed update, one that
            // waited on an odd seq, each pane alone (what a narrow window shows)
            for (String state : KERNEL_STATES) {
                Screenshots.onFx(() -> kernelState(w, state));
                for (Config c : group) {
                    Screenshots.onFx(() -> scale(w, null, c));
                    images.get(c).add(check(w, null, c, "your kernel: " + state, failDir));
                }
            }
            Screenshots.onFx(() -> {
                w.showCompare(false); // back to the four views for the lessons
                return null;
            });
            ProgressStore progress = ProgressStore.open(Files.createTempDirectory("vdso-explorer-sweep"));
            pane[0] = Screenshots.onFx(() -> {
                LessonPane p = LessonPane.open(w, lessonsDir.toAbsolutePath(), lessons, progress);
                w.root().setRight(p);
                return p;
            });
            for (Lesson l : lessons.lessons()) {
                String name = Path.of(l.file()).getFileName().toString().replaceFirst("\\.md$", "");
                for (int i = 0; i < l.steps().size(); i++) {
                    int step = i;
                    Screenshots.onFx(() -> {
                        LessonPane p = pane[0];
                        scale(w, p, first);
                        if (step > 0) {
                            p.nextStep();
                            return null;
                        }
                        p.presenter().exit();
                        p.openLesson(l);
                        p.go(0);
                        if (first.presenter()) {
                            p.presenter().enter();
                            scale(w, p, first);
                        }
                        return null;
                    });
                    // (each check runs after whatever the step queued on the FX thread)
                    for (Config c : group) images.get(c).add(check(w, pane[0], c, name + " step " + (i + 1), failDir));
                }
            }
            return images;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Screenshots.onFx(() -> {
                if (pane[0] != null) pane[0].presenter().exit();
                w.dispose();
                return null;
            });
        }
    }

    /** The "Your kernel" screens the sweep checks. */
    public static final List<String> KERNEL_STATES = List.of("start", "retry", "odd seq", "pages alone", "path alone", "seqlock alone",
            "every clock");

    private static Object kernelState(MainWindow w, String state) {
        w.openKernel();
        var v = w.kernelView();
        var k = v.stepper();
        switch (state) {
            case "start" -> k.select("host", 1);
            case "every clock" -> {
                k.rows(); // computed here, so the pane draws them at once
                v.showTable();
            }
            case "retry" -> Screenshots.kernelState(k, "timens", true, 6);
            case "odd seq" -> {
                Screenshots.kernelState(k, "host", false, 0);
                k.toMark(org.vdsoexplorer.sim.real.RealMark.SEQ_BEGIN);
                k.placeUpdate(true);
                k.toEnd();
            }
            default -> {
                var view = switch (state) {
                    case "pages alone" -> org.vdsoexplorer.lesson.View.PAGES;
                    case "path alone" -> org.vdsoexplorer.lesson.View.DISPATCH;
                    default -> org.vdsoexplorer.lesson.View.SEQLOCK;
                };
                Screenshots.kernelState(k, "timens", true, 6);
                String want = view == org.vdsoexplorer.lesson.View.DISPATCH ? "PATH" : view.name();
                if (!want.equals(v.shownPane())) v.focus(view);
            }
        }
        return null;
    }

    /** Sets {@code c}'s scale: the presenter's while presenting, else the window's. */
    private static Object scale(MainWindow w, LessonPane p, Config c) {
        if (c.presenter() && p != null && p.presenter().active()) p.presenter().setScale(c.scale());
        else w.model().scale().set(c.scale());
        return null;
    }

    /** The check of the window as {@code c} has it (without the lesson panel: taken out for the check, put back after). */
    private static Image check(MainWindow w, LessonPane p, Config c, String name, Path failDir) {
        return Screenshots.onFx(() -> {
            if (p != null) scale(w, p, c);
            javafx.scene.Node panel = w.root().getRight();
            if (!c.lessonPanel() && panel != null) w.root().setRight(null);
            try {
                Image img = new Image(name, LayoutCheck.check(w.root(), true));
                if (!img.clean() && failDir != null && PICTURES.getAndDecrement() > 0) {
                    String file = ("sweep-" + c.name() + "-" + name).replaceAll("[^A-Za-z0-9.-]+", "-") + ".png";
                    Files.createDirectories(failDir);
                    Snapshots.shot(w.root(), failDir.resolve(file));
                }
                return img;
            } finally {
                if (!c.lessonPanel() && panel != null) w.root().setRight(panel);
            }
        });
    }

    /** The model setups the lessons' steps use (their counters' report figures are measured once, before the sweep). */
    private static Set<Setup> setups(List<Lesson> lessons) {
        Set<Setup> out = new LinkedHashSet<>();
        for (Lesson l : lessons) {
            for (Step s : l.steps()) {
                if (s.effectiveSetup() != null) out.add(s.effectiveSetup().modelSetup());
            }
        }
        return out;
    }
}
