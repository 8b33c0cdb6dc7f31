# Sourced by test.sh and demo.sh: installs Weft's build and lab prerequisites on Debian and starts Open vSwitch.
# Installs only what is missing; never touches bridges, namespaces or processes it did not create. Raises
# net.core.wmem_default to 4 MiB (weft_raise_ovs_sndbuf, below) before Open vSwitch first sends.

weft_install_prereqs() {
    local need=()
    command -v javac >/dev/null 2>&1 || need+=(openjdk-17-jdk-headless)
    command -v mvn >/dev/null 2>&1 || need+=(maven)
    command -v ovs-vsctl >/dev/null 2>&1 || need+=(openvswitch-switch)
    command -v mn >/dev/null 2>&1 || need+=(mininet)
    command -v iperf3 >/dev/null 2>&1 || need+=(iperf3)
    command -v tcpdump >/dev/null 2>&1 || need+=(tcpdump)
    command -v ethtool >/dev/null 2>&1 || need+=(ethtool)
    command -v ip >/dev/null 2>&1 || need+=(iproute2)
    command -v ping >/dev/null 2>&1 || need+=(iputils-ping)
    command -v opensm >/dev/null 2>&1 || need+=(opensm)
    command -v ibsim >/dev/null 2>&1 || need+=(ibsim-utils)
    command -v ibnetdiscover >/dev/null 2>&1 || need+=(infiniband-diags)
    command -v openssl >/dev/null 2>&1 || need+=(openssl)
    # The dashboard's lab test (DashboardLabTest) drives Debian's Chromium through its chromedriver.
    command -v chromium >/dev/null 2>&1 || need+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
    # The unit files' check (systemd-analyze verify).
    command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
    [ -r /usr/share/java/zookeeper.jar ] || need+=(zookeeper)  # weft-zookeeper: the HA lab tests' server
    if [ "${#need[@]}" -gt 0 ]; then
        echo "weft: installing ${need[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
    fi
}

# ovs-vswitchd's userspace datapath sends to every Linux port through one packet socket, opened at its first send
# with net.core.wmem_default as its send buffer and kept while it runs; each packet stays charged to it until the
# port's queue has sent it, and when it is full ovs-vswitchd discards the rest of a 32-packet batch without counting
# them (docs/crp.md §9). 4 MiB holds 28 full lab queues of 64 packets; the kernel's default, 208 KiB, not two.
WEFT_OVS_SNDBUF=$((4 << 20))

weft_raise_ovs_sndbuf() {
    local now
    now=$(cat /proc/sys/net/core/wmem_default)
    if [ "$now" -lt "$WEFT_OVS_SNDBUF" ]; then
        echo "weft: net.core.wmem_default $now -> $WEFT_OVS_SNDBUF (ovs-vswitchd's send buffer)"
        echo "$WEFT_OVS_SNDBUF" 2>/dev/null >/proc/sys/net/core/wmem_default \
            || echo "weft: warning: cannot set net.core.wmem_default (read-only /proc/sys?)" >&2
    fi
    # ovs-vswitchd's own socket once open (ss: the unbound [0]:* one), too small if opened before the raise
    local tb
    tb=$(ss -0 -m -p 2>/dev/null | sed -n 's/.*\[0\]:\*.*"ovs-vswitchd".*,tb\([0-9]*\),.*/\1/p' | head -n 1)
    if [ -n "$tb" ] && [ "$tb" -lt "$WEFT_OVS_SNDBUF" ]; then
        echo "weft: warning: ovs-vswitchd's packet socket has a $tb B send buffer (net.core.wmem_default when it" \
            "first sent); it loses packets uncounted while the lab's queues hold more: restart Open vSwitch" \
            "(/usr/share/openvswitch/scripts/ovs-ctl restart) to give it $WEFT_OVS_SNDBUF B" >&2
    fi
}

weft_start_ovs() {
    weft_raise_ovs_sndbuf
    if ovs-vsctl --timeout=5 show >/dev/null 2>&1; then
        return 0
    fi
    echo "weft: starting Open vSwitch"
    /usr/share/openvswitch/scripts/ovs-ctl start --system-id=random >/dev/null 2>&1 || true
    for _ in $(seq 1 50); do
        ovs-vsctl --timeout=5 show >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    echo "weft: Open vSwitch did not start" >&2
    return 1
}
