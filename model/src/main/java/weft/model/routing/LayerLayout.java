package weft.model.routing;

/**
 * How routing layers and QoS classes share the lanes of a link: every class gets its own copy of the layers, laid
 * out class-major, so lane = class x layersPerClass + layer. Ethernet has 8 lanes (802.1Q PCPs, with per-priority
 * pause), InfiniBand 15 data VLs (VL15 is management).
 *
 * <p>Seed 002 §3.3.4 ("2 classes x 3 layers = 6 priorities") and §4.2.3 (5 classes x 3 layers = 15 VLs). Decision: the
 * thesis gives no index layout; class-major keeps each class's layers contiguous.
 *
 * @param layersPerClass routing layers every class uses
 * @param classes        QoS classes
 * @param lanes          lanes available on the link technology (8 PCPs or 15 VLs)
 */
public record LayerLayout(int layersPerClass, int classes, int lanes) {
    /** 802.1Q priority code points. */
    public static final int ETHERNET_PCPS = 8;
    /** InfiniBand data virtual lanes (VL0-VL14). */
    public static final int INFINIBAND_DATA_VLS = 15;

    /**
     * @throws RoutingFailure when layers x classes does not fit the lanes, naming all three numbers
     */
    public LayerLayout {
        if (layersPerClass < 1 || classes < 1 || lanes < 1) {
            throw new IllegalArgumentException("layer layout: layersPerClass, classes and lanes must be >= 1, got "
                    + layersPerClass + ", " + classes + ", " + lanes);
        }
        if ((long) layersPerClass * classes > lanes) {
            throw new RoutingFailure("layer layout: " + layersPerClass + " layers x " + classes + " classes = "
                    + (layersPerClass * classes) + " lanes, only " + lanes + " available");
        }
    }

    /** The layout on 802.1Q PCPs. */
    public static LayerLayout ethernet(int layersPerClass, int classes) {
        return new LayerLayout(layersPerClass, classes, ETHERNET_PCPS);
    }

    /** The layout on InfiniBand data VLs. */
    public static LayerLayout infiniband(int layersPerClass, int classes) {
        return new LayerLayout(layersPerClass, classes, INFINIBAND_DATA_VLS);
    }

    /**
     * The lane (PCP or VL) that a QoS class uses for a routing layer: {@code qosClass x layersPerClass + layer}.
     *
     * @throws IllegalArgumentException naming the class or layer that is out of range
     */
    public int lane(int qosClass, int layer) {
        if (qosClass < 0 || qosClass >= classes) {
            throw new IllegalArgumentException("qosClass " + qosClass + " outside 0.." + (classes - 1));
        }
        if (layer < 0 || layer >= layersPerClass) {
            throw new IllegalArgumentException("layer " + layer + " outside 0.." + (layersPerClass - 1));
        }
        return qosClass * layersPerClass + layer;
    }

    /** Lanes left unused by the layout (for example for an STP island or management, seed 002 §3.3.4). */
    public int spareLanes() {
        return lanes - layersPerClass * classes;
    }
}
