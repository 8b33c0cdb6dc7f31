package weft.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one lab created, written before it is created so that {@code weft lab down --name N} (in any process)
 * removes exactly that, even after a half-finished build.
 *
 * @param name       lab name
 * @param bridges    OVS bridges
 * @param namespaces host network namespaces
 * @param links      one end of every inter-switch veth pair and of every agent link (deleting it removes its
 *                   peer)
 * @param pids       processes to stop (controller, traffic sinks)
 */
public record LabState(String name, List<String> bridges, List<String> namespaces, List<String> links,
                       List<Long> pids) {
    /** Where labs keep their state file, topology and logs: {@code /tmp/weft-lab/<name>/}. */
    public static final Path DIR = Path.of("/tmp/weft-lab");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public LabState {
        bridges = List.copyOf(bridges);
        namespaces = List.copyOf(namespaces);
        links = List.copyOf(links);
        pids = List.copyOf(pids);
    }

    /** The directory of a lab. */
    public static Path dir(String name) {
        return DIR.resolve(name);
    }

    static Path file(String name) {
        return dir(name).resolve("state.json");
    }

    /** A copy with one more process to stop. */
    LabState withPid(long pid) {
        List<Long> more = new ArrayList<>(pids);
        more.add(pid);
        return new LabState(name, bridges, namespaces, links, more);
    }

    LabState withLink(String link) {
        List<String> more = new ArrayList<>(links);
        more.add(link);
        return new LabState(name, bridges, namespaces, more, pids);
    }

    void save() {
        try {
            Files.createDirectories(dir(name));
            Path tmp = dir(name).resolve("state.json.tmp");
            JSON.writeValue(tmp.toFile(), this);
            Files.move(tmp, file(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LabException("lab " + name + ": cannot write " + file(name) + ": " + e.getMessage(), e);
        }
    }

    /** The state of a running lab, or throws naming the missing file. */
    public static LabState load(String name) {
        Path f = file(name);
        if (!Files.exists(f)) {
            throw new LabException("lab " + name + " is not up: no state file " + f);
        }
        try {
            return JSON.readValue(f.toFile(), LabState.class);
        } catch (IOException e) {
            throw new LabException("lab " + name + ": cannot read " + f + ": " + e.getMessage(), e);
        }
    }

    static boolean exists(String name) {
        return Files.exists(file(name));
    }
}
