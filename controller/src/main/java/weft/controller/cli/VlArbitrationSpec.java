package weft.controller.cli;

import java.util.ArrayList;
import java.util.List;

import weft.model.qos.HighPriorityLimit;
import weft.model.qos.VlArbitrationTable;

/**
 * The {@code --lanes} option of {@code weft sim}: {@code rr} (round robin over lanes), or an InfiniBand VL arbitration
 * table as {@code high=VL:W,VL:W;low=VL:W,...;limit=N} with the limit of high priority in packets (the thesis's
 * reading) or {@code limit-iba=U} in 4 KB units (255 unbounded), weights in 64-byte blocks; e.g. seed 002 Table 4.1
 * balanced on five lanes: {@code high=0:4,1:6;low=2:8,3:10,4:1;limit-iba=255}.
 */
final class VlArbitrationSpec {
    private VlArbitrationSpec() {
    }

    /** The table, or null for round robin. */
    static VlArbitrationTable parse(String spec) {
        String s = spec.trim();
        if (s.equals("rr") || s.isEmpty()) {
            return null;
        }
        List<VlArbitrationTable.Entry> high = new ArrayList<>();
        List<VlArbitrationTable.Entry> low = new ArrayList<>();
        HighPriorityLimit limit = HighPriorityLimit.unbounded();
        for (String part : s.split(";")) {
            String[] kv = part.split("=", 2);
            String key = kv[0].trim();
            if (kv.length != 2) {
                throw new CliFailure("--lanes '" + spec + "': '" + part + "' is not key=value (keys: high, low, "
                        + "limit, limit-iba)", CliFailure.USAGE);
            }
            switch (key) {
                case "high" -> high.addAll(entries(spec, kv[1]));
                case "low" -> low.addAll(entries(spec, kv[1]));
                case "limit" -> limit = HighPriorityLimit.packets(number(spec, kv[1]));
                case "limit-iba" -> limit = HighPriorityLimit.iba(number(spec, kv[1]));
                default -> throw new CliFailure("--lanes '" + spec + "': unknown key '" + key + "' (keys: high, "
                        + "low, limit, limit-iba)", CliFailure.USAGE);
            }
        }
        return new VlArbitrationTable(high, low, limit);
    }

    private static List<VlArbitrationTable.Entry> entries(String spec, String list) {
        List<VlArbitrationTable.Entry> out = new ArrayList<>();
        for (String e : list.split(",")) {
            String[] vw = e.trim().split(":");
            if (vw.length != 2) {
                throw new CliFailure("--lanes '" + spec + "': entry '" + e.trim() + "' is not VL:WEIGHT",
                        CliFailure.USAGE);
            }
            out.add(new VlArbitrationTable.Entry(number(spec, vw[0]), number(spec, vw[1])));
        }
        return out;
    }

    private static int number(String spec, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new CliFailure("--lanes '" + spec + "': '" + text.trim() + "' is not a whole number",
                    CliFailure.USAGE);
        }
    }
}
