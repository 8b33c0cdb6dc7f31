package weft.model.repro.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.JsonInput;
import weft.model.repro.Band;
import weft.model.repro.Claim;
import weft.model.repro.ClaimResult;
import weft.model.repro.ReproResult;
import weft.model.repro.ResultTable;
import weft.model.repro.Tolerance;

/**
 * Writes and reads {@code weft-repro/1}, the result file of {@code weft repro NAME --json F} (contract in
 * docs/reproductions.md):
 * <pre>
 * {"format": "weft-repro/1", "name": "spreading", "seed": "003", "title": "...", "setup": "...",
 *  "size": "quick" | "paper", "random_seed": 1, "run_seconds": 0.4,
 *  "claims": [{"id": "C1", "what": "...", "paper": 5.0, "weft": 5.0, "unit": "ms", "difference": 0.0,
 *              "holds": true, "tolerance": {"kind": "relative", "amount": 0.1, "basis": "..."},
 *              "quick_band": [4.5, 5.5], "in_quick_band": true}],
 *  "tables": [{"title": "...", "columns": ["..."], "rows": [["..."]]}]}
 * </pre>
 * {@code holds} is written from the claim's tolerance and ignored on reading (it is recomputed); numbers that were not
 * measured (NaN) and open band ends are written as null.
 */
public final class ReproJson {
    /** The format tag. */
    public static final String FORMAT = "weft-repro/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long MAX_CHARS = 16L << 20;

    private ReproJson() {
    }

    /** The document for a result that took {@code runSeconds} of wall time. */
    public static String write(ReproResult r, double runSeconds) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("name", r.name());
        root.put("seed", r.seed());
        root.put("title", r.title());
        root.put("setup", r.setup());
        root.put("size", r.quick() ? "quick" : "paper");
        root.put("random_seed", r.randomSeed());
        number(root, "run_seconds", Math.round(runSeconds * 100) / 100.0);
        ArrayNode claims = root.putArray("claims");
        for (ClaimResult c : r.claims()) {
            ObjectNode o = claims.addObject();
            Claim k = c.claim();
            o.put("id", k.id());
            o.put("what", k.what());
            number(o, "paper", k.paper());
            number(o, "weft", c.weft());
            o.put("unit", k.unit());
            number(o, "difference", c.difference());
            o.put("holds", c.holds());
            ObjectNode t = o.putObject("tolerance");
            t.put("kind", k.tolerance().kind().name().toLowerCase(Locale.ROOT));
            t.put("amount", k.tolerance().amount());
            t.put("basis", k.tolerance().basis());
            ArrayNode band = o.putArray("quick_band");
            if (Double.isInfinite(k.quick().min())) {
                band.addNull();
            } else {
                band.add(k.quick().min());
            }
            if (Double.isInfinite(k.quick().max())) {
                band.addNull();
            } else {
                band.add(k.quick().max());
            }
            o.put("in_quick_band", c.inQuickBand());
        }
        ArrayNode tables = root.putArray("tables");
        for (ResultTable t : r.tables()) {
            ObjectNode o = tables.addObject();
            o.put("title", t.title());
            ArrayNode cols = o.putArray("columns");
            t.columns().forEach(cols::add);
            ArrayNode rows = o.putArray("rows");
            for (List<String> row : t.rows()) {
                ArrayNode a = rows.addArray();
                row.forEach(a::add);
            }
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write weft-repro/1", e);
        }
    }

    private static void number(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }

    /**
     * Reads a document back (for {@code weft repro table}); the chart is not stored and reads as null.
     *
     * @param source file name for error messages
     * @throws IllegalArgumentException naming the file, the JSON location and the problem
     */
    public static ReproResult read(String source, String text) {
        JsonInput in = new JsonInput((at, problem) -> new IllegalArgumentException(source + ": "
                + (at.isEmpty() ? "" : at + ": ") + problem));
        JsonNode root = in.versioned(in.parse(text, MAX_CHARS, "a weft-repro/1 file"), FORMAT, true, "reproduction");
        List<ClaimResult> claims = new ArrayList<>();
        JsonNode cs = in.array(root, "", "claims", true);
        for (int i = 0; i < cs.size(); i++) {
            String at = "claims[" + i + "]";
            JsonNode c = cs.get(i);
            JsonNode t = in.require(c, at, "tolerance", "an object");
            String tAt = at + ".tolerance";
            Tolerance.Kind kind;
            try {
                kind = Tolerance.Kind.valueOf(in.text(t, tAt, "kind").toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw in.error(tAt + ".kind", "expected relative, absolute, at_least or at_most");
            }
            JsonNode b = in.array(c, at, "quick_band", true);
            try {
                Tolerance tol = new Tolerance(kind, in.number(t, tAt, "amount"), in.text(t, tAt, "basis"));
                Band band = new Band(b.path(0).isNumber() ? b.path(0).asDouble() : Double.NEGATIVE_INFINITY,
                        b.path(1).isNumber() ? b.path(1).asDouble() : Double.POSITIVE_INFINITY);
                Claim k = new Claim(in.text(c, at, "id"), in.text(c, at, "what"), in.number(c, at, "paper"),
                        in.text(c, at, "unit"), tol, band);
                JsonNode weft = in.require(c, at, "weft", "a number or null");
                claims.add(k.measured(weft.isNull() ? Double.NaN : in.number(c, at, "weft")));
            } catch (IllegalArgumentException e) {
                if (e.getMessage().startsWith(source)) {
                    throw e;
                }
                throw in.error(at, e.getMessage());
            }
        }
        List<ResultTable> tables = new ArrayList<>();
        JsonNode ts = in.array(root, "", "tables", false);
        for (int i = 0; i < ts.size(); i++) {
            String at = "tables[" + i + "]";
            JsonNode t = ts.get(i);
            List<String> cols = new ArrayList<>();
            in.array(t, at, "columns", true).forEach(x -> cols.add(x.asText()));
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode row : in.array(t, at, "rows", true)) {
                List<String> cells = new ArrayList<>();
                row.forEach(x -> cells.add(x.asText()));
                rows.add(cells);
            }
            try {
                tables.add(new ResultTable(in.text(t, at, "title"), cols, rows));
            } catch (IllegalArgumentException e) {
                throw in.error(at, e.getMessage());
            }
        }
        return new ReproResult(in.text(root, "", "name"), in.text(root, "", "seed"), in.text(root, "", "title"),
                in.text(root, "", "setup"), "quick".equals(in.text(root, "", "size")),
                in.optionalLong(root, "", "random_seed", 0), claims, tables, null);
    }
}
