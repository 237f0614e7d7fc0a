package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.real.Capture;
import org.vdsoexplorer.sim.real.CaptureFile;
import org.vdsoexplorer.sim.real.RealMark;
import org.vdsoexplorer.sim.real.RealTime;
import org.vdsoexplorer.util.BadInputException;

/**
 * "Your kernel" on the shipped capture only (it runs on any machine, with or without objdump): every clock of both
 * tasks steps to the captured clock_gettime() result; stepping back shows exactly the earlier machine; an update placed
 * between the seq read and its recheck makes the real code read again, and the pages show the stores; a bad file is
 * one message with its name and line.
 */
class KernelStepperTest {
    private static final Capture CAPTURE = CaptureFile.example();

    @Test void everyClockOfEveryTaskStepsToTheCapturedResult() {
        KernelStepper k = KernelStepper.example();
        for (String task : CAPTURE.taskNames()) {
            for (Capture.Reading r : CAPTURE.task(task).orElseThrow().clocks()) {
                k.select(task, r.id());
                KernelSnapshot s = k.snapshot();
                assertEquals(0, s.position());
                assertEquals(r.id(), s.registers().get(org.vdsoexplorer.sim.asm.Registers.RDI), "the clock id in rdi");
                assertEquals("__vdso_clock_gettime", s.listing().instructions().stream()
                        .filter(i -> i.address() == s.registers().rip()).findFirst().orElseThrow().symbol().replaceAll("@.*", ""));
                assertNull(s.returnedNs());
                k.toEnd();
                KernelSnapshot end = k.snapshot();
                assertTrue(end.finished());
                assertEquals(r.ns(), end.returnedNs(), task + " " + r.clock() + ": the captured clock_gettime() result, to the ns");
                assertTrue(end.exact());
                assertEquals(end.steps(), end.position());
                assertTrue(end.path().stream().allMatch(KernelSnapshot.PathStep::done));
                assertTrue(end.cyclesMilli() > 0);
            }
        }
    }

    @Test void stepBackShowsExactlyTheEarlierMachine() {
        KernelStepper k = KernelStepper.example();
        k.select("host", RealTime.MONOTONIC);
        for (int i = 0; i < 30; i++) k.step();
        KernelSnapshot at30 = k.snapshot();
        k.toEnd();
        for (long i = k.position(); i > 30; i--) k.back();
        KernelSnapshot back = k.snapshot();
        assertEquals(at30.registers(), back.registers());
        assertEquals(at30.stack(), back.stack());
        assertEquals(at30.reads(), back.reads());
        assertEquals(at30.next(), back.next());
        assertEquals(at30.cyclesMilli(), back.cyclesMilli());
        assertTrue(back.path().stream().filter(KernelSnapshot.PathStep::done).allMatch(p -> p.step() < 30));
    }

    @Test void anUpdatePlacedAfterTheSeqReadMakesTheRealCodeReadAgain() {
        KernelStepper k = KernelStepper.example();
        for (String task : CAPTURE.taskNames()) {
            k.select(task, RealTime.MONOTONIC);
            while (k.snapshot().path().stream().noneMatch(p -> p.done() && p.mark() == RealMark.SEQ_BEGIN)) k.toNextMark();
            KernelSnapshot.PathStep begin = k.snapshot().path().stream().filter(p -> p.mark() == RealMark.SEQ_BEGIN).findFirst().orElseThrow();
            assertEquals(begin.step() + 1, k.position(), "'next mark' stops just after the instruction that made it");
            KernelSnapshot.FieldRead seq = k.snapshot().reads().getLast();
            assertTrue(seq.seq() && seq.field().endsWith(".seq"), seq.toString());
            k.placeUpdate(false);
            KernelSnapshot placed = k.snapshot();
            assertEquals(placed.position(), placed.updateAt());
            assertTrue(placed.update().stream().allMatch(KernelSnapshot.Store::done), "made before the next instruction");
            KernelSnapshot.Value after = placed.pages().stream().flatMap(p -> p.fields().stream())
                    .filter(v -> v.readAt() == seq.step() && v.name().endsWith("seq")).findFirst().orElseThrow();
            assertEquals(seq.value() + 2, after.value(), task + ": the page shows the update's seq");
            assertEquals(seq.value(), after.before(), task + ": and what it was");
            k.toEnd();
            KernelSnapshot end = k.snapshot();
            assertEquals(1, end.retries(), task);
            assertTrue(end.exact(), task + ": the retried read still returns the kernel's time");
            k.clearUpdate();
            assertEquals(0, k.snapshot().retries());
            assertEquals(-1, k.snapshot().updateAt());
        }
    }

    @Test void anUpdateHeldOpenShowsTheReaderWaitingOnAnOddSeq() {
        KernelStepper k = KernelStepper.example();
        k.select("host", RealTime.MONOTONIC);
        assertTrue(k.toMark(RealMark.SEQ_BEGIN));
        assertTrue(k.snapshot().path().stream().anyMatch(p -> p.done() && p.mark() == RealMark.SEQ_BEGIN), "just past the seq read");
        assertTrue(!k.toMark(RealMark.SYSCALL) && k.snapshot().finished(), "a mark the call never makes: to the end");
        k.toStart();
        k.toMark(RealMark.SEQ_BEGIN);
        k.placeUpdate(true);
        KernelSnapshot s = k.snapshot();
        assertEquals(s.updateAt() + KernelStepper.HOLD_STEPS, s.updateEnd());
        assertTrue(!s.update().getLast().done() && s.update().getFirst().done(), "begun, not ended: " + s.update() + " at " + s.position());
        k.toEnd();
        assertTrue(k.snapshot().path().stream().anyMatch(p -> p.mark() == RealMark.ODD_SPIN));
        assertTrue(k.snapshot().exact());
    }

    @Test void theGiveUpSearchFindsAPlacementThatMeetsTheGoalAndShowsIt() {
        KernelStepper k = KernelStepper.example();
        k.select("timens", RealTime.MONOTONIC);
        var goal = new org.vdsoexplorer.lesson.Goal(java.util.Map.of("retries", "1"));
        var search = k.search(goal);
        k.select("host", RealTime.REALTIME); // the search was made for the namespace task's monotonic call, and keeps to it
        KernelStepper.Placement p = search.get();
        assertNotNull(p);
        assertEquals("timens", p.task());
        k.apply(p);
        KernelSnapshot s = k.snapshot();
        assertEquals("timens", s.task());
        assertTrue(s.finished());
        assertEquals(1, s.retries());
        assertEquals(java.util.List.of(), goal.unmet(k.facts()), "the call shown meets the goal");
        assertNull(KernelStepper.example().search(new org.vdsoexplorer.lesson.Goal(java.util.Map.of("retries", "5"))).get(),
                "one update cannot make five retries");
    }

    @Test void aBadCaptureFileIsOneMessageWithItsNameAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, "{\n  \"format\": \"something else\",\n  \"version\": 1\n}\n");
        BadInputException e = assertThrows(BadInputException.class, () -> KernelStepper.open(f));
        assertTrue(e.getMessage().matches(".*broken\\.json:\\d+: not a capture.*"), e.getMessage());
        Path ok = dir.resolve("copy.json");
        CaptureFile.write(ok, CAPTURE);
        KernelStepper k = KernelStepper.open(ok);
        assertEquals("copy.json", k.snapshot().origin());
        assertNotNull(k.snapshot().listing());
    }
}
