package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The app's own options, checked before the toolkit starts: {@code --first-frame} and {@code --lessons DIR}. */
class AppOptionsTest {
    @TempDir Path tmp;

    @Test
    void theLessonsOptionNamesAFolder() {
        assertTrue(AppOptions.startsApp(new String[0]));
        assertTrue(AppOptions.startsApp(new String[] {"--lessons", tmp.toString()}));
        assertFalse(AppOptions.startsApp(new String[] {"check-lessons", tmp.toString()}));
        assertNull(AppOptions.problem(new String[] {"--lessons", tmp.toString(), "--first-frame"}));
        assertEquals(tmp, AppOptions.lessons(List.of("--first-frame", "--lessons", tmp.toString())));
        assertNull(AppOptions.lessons(List.of("--first-frame")));
    }

    @Test
    void aMissingOrAbsentFolderIsOneLine() {
        Path none = tmp.resolve("nowhere");
        assertEquals("--lessons: '" + none + "' is not a folder", AppOptions.problem(new String[] {"--lessons", none.toString()}));
        assertEquals("--lessons needs a folder: --lessons DIR", AppOptions.problem(new String[] {"--lessons"}));
        assertTrue(AppOptions.problem(new String[] {"--first-frame", "--zoom"}).startsWith("unknown app option '--zoom'"));
    }
}
