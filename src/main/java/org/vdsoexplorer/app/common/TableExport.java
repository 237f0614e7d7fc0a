package org.vdsoexplorer.app.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import org.vdsoexplorer.report.ReportFormat;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * Copy and save buttons for a table the app shows: CSV or Markdown (formatted by {@link ReportFormat}) to the
 * clipboard, or saved to a .csv or .md file (the chosen name's extension picks the format).
 */
public final class TableExport {
    private TableExport() {}

    /**
     * "Copy CSV", "Copy Markdown" and "Save…" for the table whose header and rows the suppliers give (read when
     * clicked); {@code leftColumns}: how many leading columns are text (left-aligned in Markdown).
     */
    public static HBox buttons(String name, Supplier<List<String>> header, Supplier<List<List<String>>> rows, int leftColumns) {
        Button csv = button("Copy CSV", name + "-copy-csv", "Copy this table as CSV (for a spreadsheet)",
                () -> copy(ReportFormat.csv(header.get(), rows.get())));
        Button md = button("Copy Markdown", name + "-copy-markdown", "Copy this table as a Markdown table (for slides and notes)",
                () -> copy(ReportFormat.markdown(header.get(), rows.get(), leftColumns)));
        Button save = button("Save\u2026", name + "-save", "Save this table as .csv or .md", null);
        save.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Save table");
            fc.setInitialFileName(name + ".csv");
            fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("CSV", "*.csv"),
                    new FileChooser.ExtensionFilter("Markdown", "*.md"));
            java.io.File f = save.getScene() == null ? null : fc.showSaveDialog(save.getScene().getWindow());
            if (f == null) return;
            try {
                save(f.toPath(), header.get(), rows.get(), leftColumns);
                save.getTooltip().setText("saved " + f);
            } catch (IOException x) {
                String why = AtomicFiles.naming(x, f.toPath());
                save.getTooltip().setText("could not save: " + why);
                Notice.show(save.getScene().getWindow(), javafx.scene.control.Alert.AlertType.ERROR, "Could not save the table "
                        + f.getName(), why + "\n\nThe table is still here: save it again to another folder, or copy it.");
            }
        });
        return new HBox(6, csv, md, save);
    }

    /** Writes the table to {@code file}: Markdown if it ends in .md, else CSV; atomically (never a torn file). */
    public static void save(Path file, List<String> header, List<List<String>> rows, int leftColumns) throws IOException {
        boolean md = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".md");
        String text = md ? ReportFormat.markdown(header, rows, leftColumns) : ReportFormat.csv(header, rows);
        AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void copy(String text) {
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setFocusTraversable(false);
        b.setTooltip(new Tooltip(tip));
        if (action != null) b.setOnAction(e -> action.run());
        return b;
    }
}
