package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.state.StepState;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/** Going back N steps and forward N again reproduces the identical state, writer injections included. */
class StepBackTest {
    static final TimingModel PIPELINE = TimingModel.pipeline(TimingTable.defaults().defaultCore());

    @Test
    void backThenForwardReproducesEveryState() {
        for (Scenario s : List.of(Scenario.HOST, Scenario.TIMENS, Scenario.HYPERV_5_13, Scenario.PARAVIRT_2007)) {
            Variant v = s.legacy() ? Variant.LEGACY : Variant.TIMENS_INLINE;
            // snapshots every 256 steps, so going back crosses several (the app's interval is longer)
            Timeline t = new Timeline(new Machine(Setup.of(s, v, Clock.MONOTONIC).withTick(3_000)), 256);
            assertBackThenForwardReproduces(t, s.cliName());
        }
    }

    /**
     * The same with the pipeline charging the cycles and a sink watching, so the scheduler's state and the
     * timeline view's rows are part of every digest compared.
     */
    @Test
    void backThenForwardReproducesThePipelineAndItsRows() {
        for (Scenario s : List.of(Scenario.HOST, Scenario.TIMENS)) {
            Machine m = new Machine(Setup.of(s, Variant.TIMENS_NOINLINE, Clock.MONOTONIC).withTick(3_000).with(PIPELINE));
            m.setSink(e -> { });
            Timeline t = new Timeline(m, 256);
            assertBackThenForwardReproduces(t, s.cliName() + " with " + PIPELINE);
            assertTrue(!m.pipeline().currentRows().isEmpty() && !m.pipeline().lastRows().isEmpty(), "rows were recorded");
        }
    }

    private static void assertBackThenForwardReproduces(Timeline t, String what) {
        List<String> digests = new ArrayList<>();
        digests.add(t.machine().digest());
        for (int i = 1; i <= 1500; i++) {
            if (i % 97 == 0) {
                t.injectWriterUpdate(); // part of the state at this step from now on
                digests.set(i - 1, t.machine().digest());
            }
            t.step();
            digests.add(t.machine().digest());
        }
        assertNotEquals(digests.get(0), digests.get(1500));
        for (long n : new long[] {1, 2, 17, 255, 256, 257, 700, 1500}) {
            t.back(n);
            assertEquals(1500 - n, t.position());
            assertEquals(digests.get((int) (1500 - n)), t.machine().digest(), what + ": back " + n);
            for (long i = 0; i < n; i++) {
                t.step();
                assertEquals(digests.get((int) t.position()), t.machine().digest(),
                        what + ": forward to " + t.position() + " after back " + n);
            }
        }
    }

    /**
     * Every field of every holder is in the digest and is restored: changing any one changes the digest, and
     * restoring the snapshot taken before brings the digest back. The fields the hand-kept digests left out
     * (the pipeline's store keys and fusion flag, the machine's kernel-entry count at the call's start) are
     * among them.
     */
    @Test
    void theDigestAndRestoreSeeEveryHolderField() throws ReflectiveOperationException {
        Machine m = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC).withTick(3_000)
                .with(PIPELINE));
        m.setSink(e -> { });
        for (int i = 0; i < 20; i++) m.runCall();
        m.injectWriterUpdate();
        for (int i = 0; i < 7; i++) m.step(); // inside a call, an update in flight
        String before = m.digest();
        Machine.Snapshot saved = m.save();
        List<String> checked = new ArrayList<>(), skipped = new ArrayList<>();
        for (Object component : List.of(m, m.cpu(), m.kernel(), m.pipeline(), m.timelineRecorder())) {
            Field st = component.getClass().getDeclaredField("st");
            st.setAccessible(true);
            String name = component.getClass().getSimpleName();
            for (List<Field> path : fieldPaths((StepState<?>) st.get(component))) {
                // from the live holder each time: a restore replaces non-final nested states with copies
                Object h = st.get(component);
                for (Field f : path.subList(0, path.size() - 1)) h = f.get(h);
                Field f = path.getLast();
                String where = name + "." + String.join(".", path.stream().map(Field::getName).toList());
                if (!change(h, f, f.get(h))) {
                    skipped.add(where);
                    continue;
                }
                assertNotEquals(before, m.digest(), where + " is not in the digest");
                m.restore(saved);
                assertEquals(before, m.digest(), where + " is not restored");
                checked.add(where);
            }
        }
        for (String p : List.of("Pipeline.sbKey", "Pipeline.prevFusible", "Machine.kernelEntriesAtCallStart",
                "TimelineRecorder.rows", "Kernel.writer.tk.monoNsS", "Kernel.seqCheck.begin", "Interpreter.cpu.fop")) {
            assertTrue(checked.contains(p), p + " was not checked (checked: " + checked + ", skipped: " + skipped + ")");
        }
    }

    /** Every field of holder {@code h} as a chain of fields from it (nested holders field by field). */
    private static List<List<Field>> fieldPaths(StepState<?> h) throws IllegalAccessException {
        List<List<Field>> out = new ArrayList<>();
        @SuppressWarnings("unchecked")
        List<Field> fields = StepState.fields((Class<? extends StepState<?>>) h.getClass());
        for (Field f : fields) {
            if (f.get(h) instanceof StepState<?> nested) {
                for (List<Field> p : fieldPaths(nested)) {
                    List<Field> q = new ArrayList<>(List.of(f));
                    q.addAll(p);
                    out.add(q);
                }
            } else {
                out.add(List.of(f));
            }
        }
        return out;
    }

    private static boolean change(Object h, Field f, Object v) throws IllegalAccessException {
        switch (v) {
            case Long x -> f.setLong(h, x + 1);
            case Integer x -> f.setInt(h, x + 1);
            case Boolean x -> f.setBoolean(h, !x);
            case long[] a when a.length > 0 -> a[0]++;
            case int[] a when a.length > 0 -> a[0]++;
            case byte[] a when a.length > 0 -> a[0]++;
            case Collection<?> c when !c.isEmpty() && (c instanceof ArrayList || c instanceof ArrayDeque) -> c.clear();
            case Map<?, ?> c when !c.isEmpty() -> c.clear();
            case List<?> c when !c.isEmpty() -> f.set(h, List.of());
            case Enum<?> e -> f.set(h, null);
            case null -> {
                if (f.getType().isEnum()) f.set(h, f.getType().getEnumConstants()[0]);
                else if (f.getType() == long[].class) f.set(h, new long[] {1, 2});
                else return false;
            }
            case Record r -> f.set(h, null);
            default -> { return false; }
        }
        return true;
    }

    /** The fallback's kernel result is state: going back before a syscall forgets it (the digest sees it). */
    @Test
    void theLastSyscallResultIsRestored() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        String start = t.machine().digest();
        CallResult first = t.runCall();
        assertTrue(first.fallback(), "every hres call falls back on v5.13-rc1");
        long[] afterFirst = t.machine().kernel().lastKernelResult();
        assertArrayEquals(new long[] {first.sec(), first.nsec()}, afterFirst);
        long end = t.position();
        t.runCall();
        t.seek(0);
        assertNull(t.machine().kernel().lastKernelResult(), "no syscall has happened at step 0");
        assertEquals(start, t.machine().digest());
        t.seek(end);
        assertArrayEquals(afterFirst, t.machine().kernel().lastKernelResult());
    }

    @Test
    void theFastCallLoopReachesTheSameStateAsSingleSteps() {
        for (Scenario s : List.of(Scenario.TIMENS, Scenario.HYPERV_5_13)) {
            Setup setup = Setup.of(s, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(2_000);
            Machine fast = new Machine(setup), slow = new Machine(setup);
            for (int i = 0; i < 300; i++) {
                fast.runCall(); // the interpreter's own loop between writer steps
                CallResult r;
                do {
                    r = slow.step();
                } while (r == null);
            }
            assertTrue(fast.kernel().updateCount() > 3, "writer steps were crossed");
            assertEquals(slow.digest(), fast.digest(), s.cliName());
        }
    }

    @Test
    void aNewInjectionAfterGoingBackKeepsTheLaterOnes() {
        Setup setup = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).withTick(0);
        Timeline t = new Timeline(new Machine(setup));
        for (int i = 0; i < 40; i++) t.step();
        t.injectWriterUpdate();
        for (int i = 0; i < 40; i++) t.step();
        String onlyLate = t.machine().digest();
        t.back(60);
        t.injectWriterUpdate(); // at step 20 now, and the one at 40 stays
        assertEquals(java.util.Map.of(20L, 1, 40L, 1), t.injections());
        t.seek(80);
        assertNotEquals(onlyLate, t.machine().digest());
        // the same as placing both while running forward
        Timeline u = new Timeline(new Machine(setup));
        for (int i = 0; i < 80; i++) {
            if (i == 20 || i == 40) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
    }

    @Test
    void anUpdatePlacedAtTheCurrentStepSurvivesBackAndForward() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).withTick(0)));
        for (int i = 0; i < 40; i++) t.step();
        t.injectWriterUpdate(); // no step taken after it
        String atInject = t.machine().digest();
        t.back(10);
        t.seek(40);
        assertEquals(atInject, t.machine().digest(), "the state at step 40 includes the update placed there");
        for (int i = 0; i < 30; i++) t.step();
        Timeline u = new Timeline(new Machine(t.machine().setup()));
        for (int i = 0; i < 70; i++) {
            if (i == 40) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
        assertEquals(1, t.machine().kernel().updateCount());
    }

    @Test
    void placingInThePastIsTheSameAsInjectingThereAndRemovingRestores() {
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(3_000);
        Timeline t = new Timeline(new Machine(setup));
        List<String> digests = new ArrayList<>();
        digests.add(t.machine().digest());
        for (int i = 0; i < 700; i++) {
            t.step();
            digests.add(t.machine().digest());
        }
        t.place(300); // in the past: the timeline goes back there, update applied
        assertEquals(300, t.position());
        t.place(650); // in the future: logged, applied on arrival
        assertEquals(300, t.position());
        t.seek(700);
        Timeline u = new Timeline(new Machine(setup));
        for (int i = 0; i < 700; i++) {
            if (i == 300 || i == 650) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
        t.remove(300);
        t.remove(650);
        assertEquals(java.util.Map.of(), t.injections());
        assertEquals(300, t.position());
        assertEquals(digests.get(300), t.machine().digest());
        t.seek(700);
        assertEquals(digests.get(700), t.machine().digest(), "removing both restores the original run");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> t.remove(5));
        assertTrue(e.getMessage().contains("no writer update"), e.getMessage());
    }
}
