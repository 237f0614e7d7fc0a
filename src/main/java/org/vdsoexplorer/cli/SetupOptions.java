package org.vdsoexplorer.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * The setup options of a command, {@code --scenario --variant --clock --compiler --timing --core}, read through the
 * one setup parser ({@link SetupText}): each option is the key of the same name, so a name is refused as in a demo
 * file or a lesson ("COMMAND: unknown variant 'x' (known: ...)").
 */
final class SetupOptions {
    /** The options, in {@link SetupText#KEYS} order (the tick is not one: {@code report} takes {@code --tick-hz}). */
    static final List<String> NAMES = List.of(SetupText.SCENARIO, SetupText.VARIANT, SetupText.CLOCK, SetupText.COMPILER,
            SetupText.TIMING, SetupText.CORE);

    private SetupOptions() {}

    /** {@code base} with the setup options given in {@code a} (cores named in {@code table}); the first refusal throws. */
    static Setup parse(String command, Args a, Setup base, TimingTable table) {
        Map<String, SetupText.Field> fields = new LinkedHashMap<>();
        for (String k : NAMES) if (a.options.containsKey(k)) fields.put(k, new SetupText.Field(a.one(k), 1));
        return SetupText.parse(fields, base, table, (line, m) -> { throw new UsageException(command + ": " + m); });
    }
}
