package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Missing, refused, killed, faulting and silent children: a clear message, the rest goes on. */
class ChildFailureTest {
    /** A short run: one round of 0.2 s per task. */
    private static LiveSession.Options quick() {
        return LiveSession.Options.defaults().withSeconds(0.2).withRounds(1);
    }

    private static String problem(LiveSession s, String task) {
        return s.problems().stream().filter(p -> p.startsWith(task + ":")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + task + " problem in " + s.problems()));
    }

    @Test
    void noUnshareMeansHostRowsAndSaysWhatToInstall() {
        LiveAssume.linuxX86();
        try (LiveSession s = new LiveSession(quick().withLaunch(Launcher.Config.defaults().withUnshare(List.of("no-such-unshare-4711"))))) {
            List<Measurements.Row> rows = s.measure(LiveSession.Progress.NONE);
            String p = problem(s, "timens");
            assertTrue(p.contains("'no-such-unshare-4711' was not found on PATH") && p.contains("util-linux"), p);
            assertTrue(p.contains("host side is shown alone"), p);
            assertEquals(6, rows.size(), "five clocks and the syscall, host only: " + rows);
            // measured: a raw figure; the corrected one (raw minus the downcall of the same round) may be 0 when a
            // short round on a loaded machine measures the downcall at least as slow as a coarse call
            assertTrue(rows.stream().allMatch(r -> r.task().equals("host") && r.rawNs() > 0 && r.nsPerCall() >= 0), rows.toString());
        }
    }

    @Test
    void refusedNamespaceSaysWhyAndWhatWouldHelp() {
        LiveAssume.linuxX86();
        assumeTrue(LiveAssume.root() && Launcher.which("setpriv") != null,
                "needs root and setpriv (util-linux) to drop CAP_SYS_ADMIN for the child");
        List<String> noCap = List.of("setpriv", "--bounding-set", "-sys_admin", "--inh-caps", "-sys_admin", "unshare");
        try (LiveSession s = new LiveSession(quick().withLaunch(Launcher.Config.defaults().withUnshare(noCap).withUserNamespace(false)))) {
            s.start(LiveSession.Progress.NONE);
            String p = problem(s, "timens");
            assertTrue(p.contains("Operation not permitted"), "unshare's own reason is quoted: " + p);
            assertTrue(p.contains("CAP_SYS_ADMIN") && p.contains("unshare -r"), "says what would help: " + p);
            assertTrue(s.tasks().containsKey("host"));
        }
    }

    @Test
    void aKilledChildEndsItsTaskOnly() {
        LiveAssume.timens();
        try (LiveSession s = new LiveSession(quick())) {
            s.start(LiveSession.Progress.NONE);
            assertTrue(s.tasks().containsKey("timens"), s.problems().toString());
            s.tasks().get("timens").kill();
            List<Measurements.Row> rows = s.measure(LiveSession.Progress.NONE);
            String p = problem(s, "timens");
            assertTrue(p.contains("killed by signal 9 (SIGKILL)"), p);
            assertFalse(rows.isEmpty());
            assertTrue(rows.stream().allMatch(r -> r.task().equals("host")));
        }
    }

    @Test
    void aRealSigbusEndsOnlyTheChildAndThePageIsUnbacked() {
        LiveAssume.linuxX86();
        try (LiveSession s = new LiveSession(quick().withDieOnFault(true).withLaunch(
                Launcher.Config.defaults().withUnshare(List.of("no-such-unshare-4711"))))) {
            long first = -1;
            s.start(LiveSession.Progress.NONE);
            first = s.tasks().get("host").pid();
            PageDecoder.TaskPages host = s.pages(LiveSession.Progress.NONE).getFirst();
            List<PageDecoder.Page> died = host.pages().stream().filter(p -> p.note() != null && p.note().contains("died of SIGBUS")).toList();
            assertFalse(died.isEmpty(), "some page faulted and ended a child: " + host.pages());
            assertTrue(died.stream().allMatch(p -> p.kind().equals("unbacked")));
            assertTrue(host.dataPage().isPresent(), "the data page was still read and decoded: " + host.layoutNote());
            assertTrue(s.tasks().get("host").pid() != first, "a new child read on after the SIGBUS");
            assertTrue(s.problems().stream().noneMatch(p -> p.startsWith("host:")), s.problems().toString());
        }
    }

    @Test
    void aSilentChildIsKilledAfterItsTimeout() {
        LiveAssume.linuxX86();
        Launcher.Config c = Launcher.Config.defaults().withUnshare(List.of("no-such-unshare-4711")).withStartTimeout(Duration.ofMillis(1));
        try (LiveSession s = new LiveSession(quick().withLaunch(c))) {
            List<Measurements.Row> rows = s.measure(LiveSession.Progress.NONE);
            String p = problem(s, "host");
            assertTrue(p.contains("no answer within 1 ms while 'starting'") && p.contains("was killed"), p);
            assertTrue(rows.isEmpty());
        }
    }
}
