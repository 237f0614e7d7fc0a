package org.vdsoexplorer.archfixture.session;

import javafx.beans.property.SimpleStringProperty;

/** A "view-model" class: a javafx.beans property is fine, a scene-graph node is not. */
public final class ViewModelWithNode {
    public final SimpleStringProperty text = new SimpleStringProperty();

    public javafx.scene.Node node() { return null; }
}
