package weft.controller.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;

/** {@code weft rates set --src h1 --dst h2 --mbps 50}. */
@Command(name = "set", mixinStandardHelpOptions = true, description = "Set the rate of src -> dst.")
public final class RatesSetCommand implements Callable<Integer> {
    @Option(names = "--src", required = true)
    String src;
    @Option(names = "--dst", required = true)
    String dst;
    @Option(names = "--mbps", required = true)
    double mbps;
    @Option(names = "--policy", description = "path policy (ecmp, vlb, rr, prr, srr, sd, psd, tp, mp)")
    String policy;
    @Option(names = "--controller", defaultValue = "127.0.0.1:6700",
            description = "agent-link address (default ${DEFAULT-VALUE})")
    String controller;
    @Option(names = "--token", defaultValue = "${env:WEFT_TOKEN}", description = "shared token (or $WEFT_TOKEN)")
    String token;

    @Override
    public Integer call() throws Exception {
        int colon = controller.lastIndexOf(':');
        ControlCodec codec = new ControlCodec();
        try (Socket s = new Socket(controller.substring(0, colon), Integer.parseInt(controller.substring(colon + 1)))) {
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            w.write(codec.encode(new ControlMessage.SetRate(src, dst, (long) (mbps * 1e6), policy, token)) + "\n");
            w.flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            ControlMessage reply = codec.decode(line);
            if (reply instanceof ControlMessage.Ok ok) {
                System.out.println(ok.detail());
                return 0;
            }
            System.err.println(reply instanceof ControlMessage.Error e ? e.message() : line);
            return 1;
        }
    }
}
