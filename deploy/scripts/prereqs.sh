# Sourced by test.sh and demo.sh: installs Weft's build and lab prerequisites on Debian and starts Open vSwitch.
# Installs only what is missing; never touches bridges, namespaces or processes it did not create.

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

weft_start_ovs() {
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
