package org.vdsoexplorer.archfixture.sim;

/** A "model" class that uses a JavaFX control (written out in full, which a regex over imports misses). */
public final class ModelWithJavaFx {
    public Object label() { return new javafx.scene.control.Label("model"); }
}
