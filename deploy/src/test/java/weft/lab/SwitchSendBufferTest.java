package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SwitchSendBufferTest {
    /** {@code ss -0 -m -p} on the development host: two port sockets and the shared one, opened at 208 KiB. */
    private static final String SS = """
            Netid Recv-Q Send-Q Local Address:Port Peer Address:PortProcess
            p_raw 0      0      *:wcrpfb3p1 *     users:(("ovs-vswitchd",pid=31789,fd=38)) \
            skmem:(r0,rb4194304,t0,tb4194304,f0,w0,o176,bl0,d0)
            p_raw 0      0      [0]:*       *     users:(("ovs-vswitchd",pid=31789,fd=62)) \
            skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d0)
            p_raw 0      0      *:wcrpfb3p3 *     users:(("ovs-vswitchd",pid=31789,fd=39)) \
            skmem:(r0,rb4194304,t0,tb4194304,f0,w0,o176,bl0,d0)
            """;

    @Test
    void theSharedSocketsBufferIsReadAndTooSmallABufferIsNamed() {
        SwitchSendBuffer b = SwitchSendBuffer.of(SS, 4 << 20);
        assertThat(b).isEqualTo(new SwitchSendBuffer(212_992, true));
        assertThat(b.warning()).hasValueSatisfying(w -> assertThat(w).contains("212992 B send buffer")
                .contains("net.core.wmem_default=4194304").contains("restart Open vSwitch"));
    }

    @Test
    void theSettingIsReadWhole() {
        assertThat(SwitchSendBuffer.wmemDefault()).isEqualTo(Long.parseLong(Shell.check("cat",
                "/proc/sys/net/core/wmem_default").stdout().trim()));
    }

    @Test
    void beforeOvsVswitchdSendsTheSettingItWillTakeIsChecked() {
        String portsOnly = SS.lines().filter(l -> !l.contains("[0]:*")).reduce("", (a, l) -> a + l + "\n");
        assertThat(SwitchSendBuffer.of(portsOnly, 212_992)).isEqualTo(new SwitchSendBuffer(212_992, false));
        assertThat(SwitchSendBuffer.of(portsOnly, 212_992).warning()).hasValueSatisfying(w -> assertThat(w)
                .startsWith("net.core.wmem_default is 212992 B").contains("before it sends"));
        assertThat(SwitchSendBuffer.of("", SwitchSendBuffer.WANTED).warning()).isEmpty();
        assertThat(SwitchSendBuffer.of(SS.replace("tb212992", "tb4194304"), 212_992).warning()).isEmpty();
    }
}
