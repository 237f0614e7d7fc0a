package org.vdsoexplorer.sim.timing;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One core of the pipeline table (assets/timing.yaml), as numbers the {@link Pipeline} reads. Port sets
 * are bit masks over {@link #ports}. {@link #counterRead} is the counter read Linux patches into the vDSO on this
 * core (the table's {@code counter_read}).
 */
public record Core(String id, String label, CounterRead counterRead, int frontendWidth, int takenBubble, boolean fusion, int dispatchWidth,
                   int issueDelay, boolean movElimination, boolean zeroIdiom, boolean lfenceDispatchSerializing,
                   int retireWidth, int rob, int storeForward, int stackForward, int storeBuffer, int mispredict,
                   List<String> ports, Map<UopClass, Uop> classes) {

    /** One instruction class: the pipes its op may issue to, latency, cycles a pipe stays busy, slots. */
    public record Uop(int portMask, int latency, int occupancy, int uops) {}

    public Core {
        ports = List.copyOf(ports);
        classes = new EnumMap<>(classes);
    }

    public Uop uop(UopClass c) { return classes.get(c); }

    /** This core with a different store-to-load forwarding latency (tests and what-if tables). */
    public Core withStoreForward(int cycles) {
        return new Core(id, label, counterRead, frontendWidth, takenBubble, fusion, dispatchWidth, issueDelay, movElimination,
                zeroIdiom, lfenceDispatchSerializing, retireWidth, rob, cycles, stackForward, storeBuffer, mispredict, ports,
                classes);
    }

    /** This core with one class changed (tests and what-if tables). */
    public Core with(UopClass c, Uop u) {
        EnumMap<UopClass, Uop> m = new EnumMap<>(classes);
        m.put(c, u);
        return new Core(id, label, counterRead, frontendWidth, takenBubble, fusion, dispatchWidth, issueDelay, movElimination,
                zeroIdiom, lfenceDispatchSerializing, retireWidth, rob, storeForward, stackForward, storeBuffer,
                mispredict, ports, m);
    }
}
