package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressStoreTest {

    @TempDir Path dir;

    private List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void savesAndResumes() throws Exception {
        ProgressStore s = ProgressStore.open(dir);
        assertEquals("", s.warning());
        s.visit("seqlock", 3, 10);
        s.answered("seqlock", 2, true);
        s.answered("seqlock", 4, false);
        s.visit("why-vdso", 9, 10);
        assertTrue(s.save());
        // the lock file that lets two windows take turns stays (removing it would race); no temp file is left
        assertEquals(List.of(dir.resolve(".progress.json.lock"), dir.resolve("progress.json")), files(), "no temp files left behind");

        ProgressStore r = ProgressStore.open(dir);
        assertEquals("", r.warning());
        assertEquals("why-vdso", r.last());
        assertEquals(3, r.peek("seqlock").step());
        assertEquals(3, r.peek("seqlock").furthest());
        assertFalse(r.peek("seqlock").done());
        assertEquals(java.util.Map.of(2, true, 4, false), r.peek("seqlock").answers());
        assertEquals(1, r.peek("seqlock").right());
        assertTrue(r.peek("why-vdso").done(), "reaching the last step finishes the lesson");
    }

    @Test
    void resetForgetsOneOrAll() {
        ProgressStore s = ProgressStore.open(dir);
        s.visit("a", 1, 5);
        s.visit("b", 2, 5);
        s.reset("a");
        s.save();
        ProgressStore r = ProgressStore.open(dir);
        assertNull(r.peek("a"));
        assertEquals(2, r.peek("b").step());
        r.reset(null);
        r.save();
        assertNull(ProgressStore.open(dir).peek("b"));
        assertNull(ProgressStore.open(dir).last());
    }

    @Test
    void atomicWriteReplacesTheWholeFileAndKeepsTheOldOneUntilTheRename() throws Exception {
        ProgressStore s = ProgressStore.open(dir);
        s.visit("seqlock", 1, 10);
        s.save();
        String first = Files.readString(dir.resolve("progress.json"));
        // a stale temp file from a killed earlier run does not disturb reading or writing
        Files.writeString(dir.resolve("progress.json.123.tmp"), "{\"half");
        s.visit("seqlock", 2, 10);
        assertTrue(s.save());
        String second = Files.readString(dir.resolve("progress.json"));
        assertTrue(first.contains("\"step\" : 1"), first);
        assertTrue(second.contains("\"step\" : 2"), second);
        assertEquals(2, ProgressStore.open(dir).peek("seqlock").step());
    }

    @Test
    void corruptFileIsSetAsideWithAWarning() throws Exception {
        Path f = dir.resolve("progress.json");
        for (String bad : List.of("{\"lessons\": {\"seqlock\": {\"step\": 3", "not json", "[1,2]",
                "{\"lessons\": {\"x\": {\"step\": -4}}}", "{\"lessons\": {\"x\": {\"answers\": {\"one\": true}}}}",
                "{} trailing")) {
            Files.writeString(f, bad);
            ProgressStore s = ProgressStore.open(dir);
            assertTrue(s.warning().contains("set aside"), bad + ": " + s.warning());
            assertFalse(Files.exists(f), bad);
            assertNull(s.peek("seqlock"));
            try (Stream<Path> l = Files.list(dir)) {
                Path aside = l.filter(p -> p.getFileName().toString().startsWith("progress.json.corrupt-")).findFirst().orElseThrow();
                assertEquals(bad, Files.readString(aside, StandardCharsets.UTF_8), "the old file is kept as it was");
                Files.delete(aside);
            }
            // and the store works normally afterwards
            s.visit("seqlock", 1, 4);
            assertTrue(s.save());
            assertEquals(1, ProgressStore.open(dir).peek("seqlock").step());
            Files.delete(f);
        }
    }

    @Test
    void unknownKeysAreIgnoredForNewerVersions() throws Exception {
        Files.writeString(dir.resolve("progress.json"),
                "{\"version\": 2, \"theme\": {\"x\": [1, 2]}, \"lessons\": {\"a\": {\"step\": 1, \"stars\": 5}}}");
        ProgressStore s = ProgressStore.open(dir);
        assertEquals("", s.warning());
        assertEquals(1, s.peek("a").step());
    }

    @Test
    void unwritableFolderIsAWarningNotACrash() throws Exception {
        Path file = dir.resolve("not-a-dir");
        Files.writeString(file, "x");
        ProgressStore s = ProgressStore.open(file.resolve("sub"));
        s.visit("a", 1, 3);
        assertFalse(s.save());
        assertTrue(s.warning().startsWith("Could not save"), s.warning());
    }

    @Test
    void defaultDirFollowsThePlatformAndTheOverride() {
        // an injected environment and properties (the real ones are the developer's, not the test's)
        java.util.Map<String, String> props = new java.util.HashMap<>(java.util.Map.of("os.name", "Linux",
                "user.home", dir.resolve("pw").toString(), ProgressStore.DIR_PROPERTY, dir.toString()));
        assertEquals(dir, ProgressLocation.find(java.util.Map.of(), props::get).dir());
        props.remove(ProgressStore.DIR_PROPERTY);
        assertEquals(dir.resolve("pw").resolve(".local").resolve("share").resolve("vdso-explorer"),
                ProgressLocation.find(java.util.Map.of(), props::get).dir());
        props.put("os.name", "Mac OS X");
        assertEquals(dir.resolve("pw").resolve("Library").resolve("Application Support").resolve("vdso-explorer"),
                ProgressLocation.find(java.util.Map.of(), props::get).dir());
        props.put("os.name", "Windows 11");
        assertEquals(dir.resolve("roaming").resolve("vdso-explorer"),
                ProgressLocation.find(java.util.Map.of("APPDATA", dir.resolve("roaming").toString()), props::get).dir());
    }

    @Test
    void aFifoInPlaceOfTheFileIsSetAsideWithoutBlocking() throws Exception {
        Path fifo = dir.resolve("progress.json");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) return; // no mkfifo here
        ProgressStore s = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5),
                () -> ProgressStore.open(dir));
        assertTrue(s.warning().contains("not a regular file"), s.warning());
        s.visit("a", 1, 3);
        assertTrue(s.save(), s.warning());
        assertTrue(Files.isRegularFile(fifo));
    }

    @Test
    void aSymlinkLoopInPlaceOfTheFileIsAWarningNotAHang() throws Exception {
        Path f = dir.resolve("progress.json");
        Files.createSymbolicLink(f, Path.of("loop.json"));
        Files.createSymbolicLink(dir.resolve("loop.json"), Path.of("progress.json"));
        ProgressStore s = ProgressStore.open(dir);
        assertTrue(s.warning().contains("too many symbolic links"), s.warning());
        s.visit("a", 1, 3);
        assertFalse(s.save());
        assertTrue(s.warning().startsWith("Could not save") && s.warning().contains("too many symbolic links"), s.warning());
        assertTrue(Files.isSymbolicLink(f), "the links are left as they are");
    }

    @Test
    void warningsGiveTheKeyOrLineNotJacksonsSourceExcerpt() throws Exception {
        Path f = dir.resolve("progress.json");
        for (String bad : List.of("{\"lessons\": {\"x\": {\"step\": \"three\"}}}", "{\"lessons\": {\"x\": {\"done\": 1}}}",
                "{\"lessons\": [1]}", "{\n\"last\": tru\n}", "{\"lessons\": {\"x\": {\"step\": -4}}}")) {
            Files.writeString(f, bad);
            String w = ProgressStore.open(dir).warning();
            assertFalse(w.contains("REDACTED") || w.contains("[Source"), w);
            assertTrue(w.matches("(?s).*(line \\d+|'lessons\\.x\\.step').*"), bad + " -> " + w);
            try (Stream<Path> l = Files.list(dir)) {
                for (Path p : l.toList()) Files.delete(p);
            }
        }
    }

    @Test
    void aReadOnlyFolderSaysPermissionDenied() throws Exception {
        Path ro = dir.resolve("ro");
        Files.createDirectories(ro);
        ro.toFile().setWritable(false, false);
        try {
            if (Files.isWritable(ro)) return; // running as root: permissions are not enforced
            ProgressStore s = ProgressStore.open(ro);
            s.visit("a", 1, 3);
            assertFalse(s.save());
            assertTrue(s.warning().contains("permission denied") && s.warning().contains(ro.toString()), s.warning());
            assertFalse(s.warning().contains(".tmp"), s.warning());
        } finally {
            ro.toFile().setWritable(true, false);
        }
    }

    @Test
    void existingFilesReadTheSameAndTheFormatStaysReadable() throws Exception {
        // written by the hand-walked JSON version before jackson-databind records
        Files.writeString(dir.resolve("progress.json"), """
                {
                  "version" : 1,
                  "last" : "seqlock",
                  "lessons" : {
                    "seqlock" : {
                      "step" : 3,
                      "furthest" : 5,
                      "done" : false,
                      "answers" : {
                        "2" : true,
                        "4" : false
                      }
                    }
                  }
                }
                """);
        ProgressStore s = ProgressStore.open(dir);
        assertEquals("", s.warning());
        assertEquals(5, s.peek("seqlock").furthest());
        assertEquals(java.util.Map.of(2, true, 4, false), s.peek("seqlock").answers());
        assertTrue(s.save());
        assertEquals(Files.readString(dir.resolve("progress.json")).strip(), new String(s.serialize(), StandardCharsets.UTF_8).strip());
        assertTrue(Files.readString(dir.resolve("progress.json")).contains("\"answers\" : {\n        \"2\" : true,"),
                Files.readString(dir.resolve("progress.json")));
    }
}
