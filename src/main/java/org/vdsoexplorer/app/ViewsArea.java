package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.FontScale;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.session.ViewLayout;
import org.vdsoexplorer.session.ViewsState;

/**
 * The explore tab's area: applies {@link ViewsState}'s arrangement ({@link ViewLayout}) to the four view
 * holders -- the FXML grid, or one or two views side by side under a strip of the other views' titles (a
 * click brings one in). The area's size and font scale go to the state; a double-click on a view's title
 * maximises it or gives the space back.
 */
public final class ViewsArea {
    private final StackPane area;
    private final SplitPane grid, topRow, bottomRow;
    private final Map<View, StackPane> holders;
    private final ViewsState state = new ViewsState();
    private final FontScale fontScale;
    private final SplitPane side = new SplitPane();
    private final FlowPane strip = new FlowPane(6, 4);
    private final BorderPane focused = new BorderPane(side);

    /** {@code views} go into their {@code holders}, each as a layout root: a change inside one re-lays out only that view. */
    ViewsArea(StackPane area, SplitPane grid, SplitPane topRow, SplitPane bottomRow, Map<View, StackPane> holders,
              Map<View, ? extends javafx.scene.layout.Region> views) {
        views.forEach((v, r) -> holders.get(v).getChildren().add(new Isolated(r)));
        this.area = area;
        this.grid = grid;
        this.topRow = topRow;
        this.bottomRow = bottomRow;
        this.holders = holders;
        fontScale = new FontScale(area);
        side.setId("views-side");
        strip.setId("views-strip");
        strip.getStyleClass().add("views-strip");
        strip.setAlignment(Pos.CENTER_LEFT);
        focused.setTop(strip);
        area.widthProperty().addListener(o -> size());
        area.heightProperty().addListener(o -> size());
        fontScale.scaleProperty().addListener(o -> state.setScale(fontScale.scale()));
        state.arrangementProperty().addListener((o, a, b) -> apply(b));
        area.addEventFilter(MouseEvent.MOUSE_CLICKED, this::doubleClick);
    }

    ViewsState state() { return state; }

    private void size() {
        if (area.getWidth() > 0 && area.getHeight() > 0) state.setSize(area.getWidth(), area.getHeight());
    }

    private void doubleClick(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY || e.getClickCount() != 2 || !(e.getTarget() instanceof Node n)) return;
        boolean onTitle = false;
        for (Node x = n; x != null && x != area; x = x.getParent()) {
            if (x.getStyleClass().contains("view-title")) onTitle = true;
            for (var h : holders.entrySet()) {
                if (x == h.getValue() && onTitle) {
                    state.toggleMaximised(h.getKey());
                    e.consume();
                    return;
                }
            }
        }
    }

    private void apply(ViewLayout.Arrangement a) {
        topRow.getItems().clear();
        bottomRow.getItems().clear();
        side.getItems().clear();
        if (a.grid()) {
            topRow.getItems().setAll(holders.get(View.CODE), holders.get(View.PAGES));
            bottomRow.getItems().setAll(holders.get(View.SEQLOCK), holders.get(View.DISPATCH));
            topRow.setDividerPositions(0.6);
            bottomRow.setDividerPositions(0.4);
            show(grid);
            return;
        }
        for (View v : a.large()) side.getItems().add(holders.get(v));
        if (a.large().size() == 2) {
            double w0 = ViewLayout.READABLE_WIDTH.get(a.large().get(0)), w1 = ViewLayout.READABLE_WIDTH.get(a.large().get(1));
            side.setDividerPositions(w0 / (w0 + w1));
        }
        strip.getChildren().clear();
        Label shown = new Label(state.maximised() != null ? "Maximised: " + a.large().getFirst().lessonName()
                + " (its key or a double-click on its title gives all four back). Other views:" : "Other views:");
        shown.getStyleClass().add("views-strip-label");
        strip.getChildren().add(shown);
        for (View v : a.strip()) {
            Button b = new Button(v.lessonName(), Toolbar.keycap(key(v))); // the key in a keycap, the view's name beside it
            b.setId("strip-" + v.lessonName());
            b.setTooltip(new javafx.scene.control.Tooltip("Bring in the " + v.lessonName() + " view (key " + key(v) + ")"));
            b.setFocusTraversable(false);
            b.setOnAction(e -> state.bringIn(v));
            strip.getChildren().add(b);
        }
        if (state.maximised() != null) {
            Button all = new Button("all four");
            all.setId("strip-all");
            all.setFocusTraversable(false);
            all.setOnAction(e -> state.toggleMaximised(state.maximised()));
            strip.getChildren().add(all);
        }
        show(focused);
    }

    /** {@code content} in the area instead of the other arrangement (the font probe stays). */
    private void show(Node content) {
        area.getChildren().removeIf(c -> c == grid || c == focused);
        area.getChildren().add(content);
    }

    /** The key that maximises {@code v} (KeyMap: 1-4). */
    private static String key(View v) {
        return switch (v) {
            case CODE -> "1";
            case PAGES -> "2";
            case SEQLOCK -> "3";
            case DISPATCH -> "4";
            default -> "";
        };
    }

    /** The views shown large now (for tests and the lesson host). */
    List<View> shown() { return state.arrangement().large(); }
}
