package org.vdsoexplorer.app.lesson;

import javafx.geometry.Insets;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.controlsfx.control.PopOver;
import org.vdsoexplorer.lesson.DocEntries;

/**
 * A lesson's citation or glossary link (an "S4" linked to docs/sources.md, anchor s4; a "seqlock" linked to
 * docs/glossary.md, anchor seqlock) opens the entry it names in a ControlsFX {@link PopOver} beside the words, sized to the text's own font (so it
 * grows with the presenter scale); a second click or Escape closes it. The lesson never leaves the app for a
 * browser, and the entry's own links open the same way.
 */
final class CitationPopover {
    /** Widest popover, in ems of the link's font. */
    static final double WIDTH_EMS = 34;
    /** Tallest popover before it scrolls, in ems. */
    static final double HEIGHT_EMS = 22;

    private CitationPopover() {}

    /** Makes {@code part} (one piece of a link's text) open {@code entry}. */
    static void attach(Node part, DocEntries.Entry entry) {
        part.setCursor(Cursor.HAND);
        part.getStyleClass().add("md-citation");
        Tooltip.install(part, new Tooltip(entry.title()));
        part.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                toggle(part, entry);
                e.consume();
            }
        });
    }

    private static void toggle(Node part, DocEntries.Entry entry) {
        if (part.getProperties().get(PopOver.class) instanceof PopOver open && open.isShowing()) {
            open.hide();
            return;
        }
        double em = part instanceof Text t ? t.getFont().getSize() : 15;
        VBox body = new VBox(em * 0.5);
        if (!entry.body().startsWith("**")) {
            // a source's heading; a glossary entry opens with its own bold term
            Label title = new Label(entry.title());
            title.getStyleClass().add("md-citation-title");
            title.setWrapText(true);
            title.setMinHeight(Region.USE_PREF_SIZE);
            body.getChildren().add(title);
        }
        body.getChildren().add(MarkdownView.render(entry.body(), entry.file()));
        body.setPadding(new Insets(em * 0.6));
        body.setPrefWidth(em * WIDTH_EMS);
        body.setStyle("-fx-font-size: " + em + "px;");
        // the entry's height with its styles, measured in a scene of its own: as tall as that, up to HEIGHT_EMS
        javafx.scene.Scene measure = new javafx.scene.Scene(new javafx.scene.Group(body));
        if (part.getScene() != null) measure.getStylesheets().setAll(part.getScene().getStylesheets());
        body.applyCss();
        double height = body.prefHeight(em * WIDTH_EMS);
        ((javafx.scene.Group) measure.getRoot()).getChildren().clear();
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportWidth(em * WIDTH_EMS);
        scroll.setPrefViewportHeight(Math.min(em * HEIGHT_EMS, height + 2));
        scroll.getStylesheets().setAll(measure.getStylesheets());
        PopOver pop = new PopOver(scroll);
        pop.setDetachable(false);
        pop.setAutoHide(true);
        pop.setArrowLocation(PopOver.ArrowLocation.TOP_CENTER);
        pop.setAnimated(!reducedMotion(part)); // reduced motion: no fades (shown and closed at once)
        part.getProperties().put(PopOver.class, pop);
        pop.show(part);
    }

    /** Style class of a scene root whose window has reduced motion on (the main window sets it). */
    static final String REDUCED_MOTION = "reduced-motion";

    private static boolean reducedMotion(Node part) {
        return part.getScene() != null && part.getScene().getRoot().getStyleClass().contains(REDUCED_MOTION);
    }

    /** The popover {@code part} opened last, or null (for tests). */
    static PopOver shown(Node part) {
        return part.getProperties().get(PopOver.class) instanceof PopOver p && p.isShowing() ? p : null;
    }
}
