package org.vdsoexplorer.host.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vdsoexplorer.host.live.TaskProcess.Kind;
import org.vdsoexplorer.host.live.TaskProcess.TaskFailure;

/**
 * The live lab: the host task and the namespace task (two child JVMs running {@link Probe}), measured in
 * interleaved rounds (host round, namespace round, host round, ...: load from other processes hits both
 * alike), their pages read and decoded, seq watched. A task that cannot start or dies is dropped with its
 * message in {@link #problems()}; the other goes on. Not thread-safe: one caller at a time (the app runs it
 * in a background task).
 */
public final class LiveSession implements AutoCloseable {
    /** Progress of a long operation: fraction done (0-1) and what is happening. */
    public interface Progress {
        void update(double fraction, String message);

        Progress NONE = (f, m) -> { };
    }

    /**
     * @param seconds        measuring time per task (split over the rounds and the seven calls)
     * @param rounds         rounds per task (the median and spread are over these)
     * @param warmupMillis   warm-up per task before the first round (JIT compilation of the loops)
     * @param dieOnFault     pages: a faulting read ends the child by a real SIGBUS (exercises the restart)
     */
    public record Options(double seconds, int rounds, long warmupMillis, Launcher.Config launch, boolean dieOnFault,
                          Duration commandTimeout) {
        public static Options defaults() {
            return new Options(3, 7, 800, Launcher.Config.defaults(), false, Duration.ofSeconds(60));
        }

        public Options withSeconds(double s) { return new Options(s, rounds, warmupMillis, launch, dieOnFault, commandTimeout); }

        public Options withRounds(int r) { return new Options(seconds, r, warmupMillis, launch, dieOnFault, commandTimeout); }

        public Options withLaunch(Launcher.Config l) { return new Options(seconds, rounds, warmupMillis, l, dieOnFault, commandTimeout); }

        public Options withDieOnFault(boolean d) { return new Options(seconds, rounds, warmupMillis, launch, d, commandTimeout); }

        public Options withCommandTimeout(Duration d) { return new Options(seconds, rounds, warmupMillis, launch, dieOnFault, d); }
    }

    /** How often the writer really updated one task's data page, watched for about a second. */
    public record SeqWatch(String task, long first, long last, long updates, double seconds, double maxGapMs, long samples) {
        public double perSecond() { return updates / seconds; }
    }

    public static final List<String> TASKS = List.of("host", "timens");

    private final Options options;
    private final Map<String, TaskProcess> tasks = new LinkedHashMap<>();
    private final Map<String, TaskInfo> infos = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    public LiveSession(Options options) { this.options = options; }

    public Options options() { return options; }

    /** Messages of tasks that could not start or were lost, for the user as they are. */
    public List<String> problems() { return List.copyOf(problems); }

    /** The running task processes by name (tests kill one to show what happens). */
    public Map<String, TaskProcess> tasks() { return java.util.Collections.unmodifiableMap(tasks); }

    public Map<String, TaskInfo> infos() { return java.util.Collections.unmodifiableMap(infos); }

    /** Starts both tasks (those not running yet) and asks each for its info. */
    public void start(Progress p) {
        for (String t : TASKS) {
            if (tasks.containsKey(t) || problems.stream().anyMatch(m -> m.startsWith(t + ":"))) continue;
            p.update(0, "starting the " + t + " task" + (t.equals("timens") ? " (unshare --time --monotonic "
                    + Launcher.MONOTONIC_OFFSET + " --boottime " + Launcher.BOOTTIME_OFFSET + ")" : ""));
            try {
                TaskProcess tp = launch(t);
                tasks.put(t, tp);
                infos.put(t, TaskInfo.parse(t, tp.ask("info", options.commandTimeout())));
            } catch (TaskFailure f) {
                drop(t, f);
            }
        }
    }

    private TaskProcess launch(String t) throws TaskFailure {
        return t.equals("host") ? Launcher.host(options.launch()) : Launcher.timens(options.launch());
    }

    private void drop(String t, TaskFailure f) {
        TaskProcess tp = tasks.remove(t);
        if (tp != null) tp.kill();
        problems.add(f.getMessage());
    }

    /** Warm-up, then {@code rounds} interleaved rounds; rows of the tasks that lasted (host rows first). */
    public List<Measurements.Row> measure(Progress p) {
        start(p);
        Map<String, Measurements> m = new LinkedHashMap<>();
        for (String t : tasks.keySet()) m.put(t, new Measurements(t));
        long perRound = Math.max(50, Math.round(options.seconds() * 1000 / options.rounds()));
        Duration timeout = Duration.ofMillis(perRound * 4 + options.warmupMillis() * 4).plus(options.commandTimeout());
        int steps = options.rounds() * m.size() + m.size(), done = 0;
        for (String t : List.copyOf(tasks.keySet())) {
            p.update((double) done++ / steps, "warming up the " + t + " task (compiling the call loops)");
            ask(t, "warmup " + options.warmupMillis(), timeout);
        }
        for (int r = 0; r < options.rounds(); r++) {
            for (String t : List.copyOf(tasks.keySet())) {
                p.update((double) done++ / steps, String.format(Locale.ROOT, "round %d of %d: %s task", r + 1, options.rounds(), t));
                List<String> lines = ask(t, "measure " + perRound, timeout);
                if (lines != null) m.get(t).addRound(lines);
            }
        }
        p.update(1, "measured");
        List<Measurements.Row> rows = new ArrayList<>();
        for (Measurements x : m.values()) if (x.rounds() > 0) rows.addAll(x.rows());
        return rows;
    }

    /** One command to one running task (null if it is not running or was lost: then its message is in problems). */
    public List<String> askTask(String t, String cmd) { return ask(t, cmd, options.commandTimeout()); }

    /** One command to one task; on failure the task is dropped (its message kept) and null returned. */
    private List<String> ask(String t, String cmd, Duration timeout) {
        TaskProcess tp = tasks.get(t);
        if (tp == null) return null;
        try {
            return tp.ask(cmd, timeout);
        } catch (TaskFailure f) {
            drop(t, f);
            return null;
        }
    }

    /** Reads and decodes every [vvar], [vvar_vclock] and [vdso] page of each task. */
    public List<PageDecoder.TaskPages> pages(Progress p) {
        start(p);
        List<PageDecoder.TaskPages> out = new ArrayList<>();
        for (String t : List.copyOf(tasks.keySet())) {
            p.update(0.5, "reading the pages of the " + t + " task");
            List<String> lines = readPages(t);
            if (lines == null) continue;
            List<PageDecoder.Raw> raw = PageDecoder.parse(lines).stream().filter(r -> !r.mapping().equals("[vdso]")).toList();
            PageDecoder.TaskPages tp = PageDecoder.decode(t, infos.get(t), raw);
            // a data page caught mid-update (odd seq, rare): read once more
            if (tp.layout() == null && Layout.forKernel(infos.get(t).kernel()).isPresent()) {
                List<String> again = readPages(t);
                if (again != null) tp = PageDecoder.decode(t, infos.get(t), PageDecoder.parse(again).stream()
                        .filter(r -> !r.mapping().equals("[vdso]")).toList());
            }
            out.add(tp);
        }
        p.update(1, "pages read");
        return out;
    }

    /**
     * The probe's {@code pages} answer; when a faulting page ended the child (a real SIGBUS), that page is
     * recorded as faulted and a new child reads on from the next page.
     */
    private List<String> readPages(String t) {
        List<String> all = new ArrayList<>();
        int skip = 0;
        for (int attempt = 0; attempt < 16; attempt++) {
            TaskProcess tp = tasks.get(t);
            if (tp == null) return null;
            List<String> got = new ArrayList<>();
            try {
                tp.ask("pages " + (options.dieOnFault() ? "die" : "nodie") + " " + skip, options.commandTimeout(), got::add);
                all.addAll(got);
                return all;
            } catch (TaskFailure f) {
                String last = got.isEmpty() ? null : got.getLast();
                if (f.kind() != Kind.SIGBUS || last == null || !last.startsWith("TRY ")) {
                    drop(t, f);
                    return null;
                }
                all.addAll(got.subList(0, got.size() - 1));
                String[] w = last.split(" ");
                all.add("FAULT " + w[1] + " " + w[2] + " the child process died of SIGBUS reading it (pid " + tp.pid() + ")");
                skip += (int) got.stream().filter(l -> l.startsWith("TRY ")).count();
                try {
                    tasks.put(t, launch(t));
                } catch (TaskFailure again) {
                    drop(t, again);
                    return null;
                }
            }
        }
        drop(t, new TaskFailure(t + ": gave up reading pages after 16 child processes"));
        return null;
    }

    /** Watches the data page's seq of each decoded task for {@code millis}. */
    public List<SeqWatch> watchSeq(List<PageDecoder.TaskPages> decoded, long millis, Progress p) {
        List<SeqWatch> out = new ArrayList<>();
        for (PageDecoder.TaskPages tp : decoded) {
            if (tp.layout() == null || tp.dataPage().isEmpty()) continue;
            PageDecoder.Page d = tp.dataPage().get();
            p.update(0.8, "watching seq of the " + tp.task() + " task's data page for " + millis + " ms");
            List<String> l = ask(tp.task(), "seqwatch " + d.mapping() + " " + d.slot() + " " + tp.layout().dataOffset + " " + millis,
                    options.commandTimeout().plusMillis(millis));
            if (l == null || l.isEmpty()) continue;
            String[] w = l.getFirst().split(" ");
            out.add(new SeqWatch(tp.task(), Long.parseLong(w[1]), Long.parseLong(w[2]), Long.parseLong(w[3]), millis / 1000.0,
                    Long.parseLong(w[4]) / 1e6, Long.parseLong(w[5])));
        }
        return out;
    }

    /** One reading of the data page's seq of a task (for the app's live view); null if the task is gone. */
    public Long seq(PageDecoder.TaskPages tp) {
        if (tp.layout() == null || tp.dataPage().isEmpty()) return null;
        PageDecoder.Page d = tp.dataPage().get();
        List<String> l = ask(tp.task(), "seq " + d.mapping() + " " + d.slot() + " " + tp.layout().dataOffset, options.commandTimeout());
        return l == null || l.isEmpty() ? null : Long.parseLong(l.getFirst().split(" ")[1]);
    }

    @Override public void close() {
        for (TaskProcess tp : tasks.values()) tp.close();
        tasks.clear();
    }
}
