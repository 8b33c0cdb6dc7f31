package weft.model.sim;

/**
 * The crossbar ports of every switch: its input channels (into it, from switches and hosts) in port order and its
 * output channels (out of it) in port order, with each channel's position among them, as a crossbar allocator numbers
 * its inputs and outputs.
 */
final class SwitchPorts {
    /** Per switch, its input channels by port. */
    final int[][] inputs;
    /** Per switch, its output channels by port. */
    final int[][] outputs;
    /** Per input channel, its position in its switch's {@link #inputs}. */
    final int[] inIndex;
    /** Per output channel, its position in its switch's {@link #outputs}. */
    final int[] outIndex;
    /** The most outputs of any switch. */
    final int maxOutputs;

    SwitchPorts(Fabric fabric) {
        int s = fabric.switches;
        inputs = new int[s][];
        outputs = new int[s][];
        inIndex = new int[fabric.channels];
        outIndex = new int[fabric.channels];
        int most = 0;
        int[] inCount = new int[s];
        for (int c = 0; c < fabric.channels; c++) {
            if (!fabric.toHost(c)) {
                inCount[fabric.chDst[c]]++;
            }
        }
        for (int u = 0; u < s; u++) {
            int n = 0;
            for (int port = 1; port < fabric.outAt[u].length; port++) {
                n += fabric.outAt[u][port] >= 0 ? 1 : 0;
            }
            outputs[u] = new int[n];
            n = 0;
            for (int port = 1; port < fabric.outAt[u].length; port++) {
                int c = fabric.outAt[u][port];
                if (c >= 0) {
                    outIndex[c] = n;
                    outputs[u][n++] = c;
                }
            }
            most = Math.max(most, n);
            inputs[u] = new int[inCount[u]];
            inCount[u] = 0;
        }
        for (int c = 0; c < fabric.channels; c++) {
            if (!fabric.toHost(c)) {
                int u = fabric.chDst[c];
                inputs[u][inCount[u]++] = c;
            }
        }
        for (int u = 0; u < s; u++) {
            int[] in = inputs[u];
            for (int i = 1; i < in.length; i++) {
                for (int j = i; j > 0 && fabric.chDstPort[in[j - 1]] > fabric.chDstPort[in[j]]; j--) {
                    int t = in[j];
                    in[j] = in[j - 1];
                    in[j - 1] = t;
                }
            }
            for (int i = 0; i < in.length; i++) {
                inIndex[in[i]] = i;
            }
        }
        maxOutputs = most;
    }
}
