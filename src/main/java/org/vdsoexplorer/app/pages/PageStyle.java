package org.vdsoexplorer.app.pages;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/** The pages view's CSS pseudo-classes (see pages.css) and the page-kind colouring of a node. */
final class PageStyle {
    private PageStyle() {}


    static final PseudoClass LIT = PseudoClass.getPseudoClass("lit");
    static final PseudoClass ODD = PseudoClass.getPseudoClass("odd");
    static final PseudoClass SHARED = PseudoClass.getPseudoClass("shared");
    static final PseudoClass NONE = PseudoClass.getPseudoClass("none");
    static final PseudoClass UNBACKED = PseudoClass.getPseudoClass("unbacked");
    static final PseudoClass TEXT = PseudoClass.getPseudoClass("text");
    static final Map<PageKind, PseudoClass> KIND = new EnumMap<>(PageKind.class);

    static {
        for (PageKind k : PageKind.values()) KIND.put(k, PseudoClass.getPseudoClass(k.name().toLowerCase(Locale.ROOT)));
    }

    static void kindPseudo(Node n, PageImage p) {
        for (PageKind k : PageKind.values()) n.pseudoClassStateChanged(KIND.get(k), p != null && p.kind() == k);
        n.pseudoClassStateChanged(UNBACKED, p == null);
    }
}
