package org.vdsoexplorer.sim.event;

/** Receives model events. The model creates no event objects when no sink is attached. */
@FunctionalInterface
public interface EventSink {
    void accept(Event e);
}
