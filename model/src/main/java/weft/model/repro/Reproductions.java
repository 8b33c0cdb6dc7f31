package weft.model.repro;

import java.util.List;

import weft.model.registry.Registry;

/**
 * The table of reproductions by name, as {@code RoutingEngines} is for engines: the one place that knows every
 * reproduction, its name and seed paper; the experiment's class holds its title, claims, parameters and run.
 * {@code weft repro list}, {@code weft repro NAME} and the CI test that runs every reproduction at its quick size read
 * it.
 */
public final class Reproductions {
    private static final Registry<Reproduction> ALL = new Registry<>("reproduction");

    static {
        // Reproductions register here, grouped by seed.
        add("contention", "000", ContentionRepro.TITLE, ContentionRepro.CLAIMS, ContentionRepro.PARAMETERS,
                new ContentionRepro());
        add("horizontal", "000", HorizontalRepro.TITLE, HorizontalRepro.CLAIMS, HorizontalRepro.PARAMETERS,
                new HorizontalRepro());
        add("fluid", "000", FluidRepro.TITLE, FluidRepro.CLAIMS, FluidRepro.PARAMETERS,
                new FluidRepro());
        add("spreading", "003", SpreadingRepro.TITLE, SpreadingRepro.CLAIMS, SpreadingRepro.PARAMETERS,
                new SpreadingRepro());
        add("phase", "003", PhaseRepro.TITLE, PhaseRepro.CLAIMS, PhaseRepro.PARAMETERS,
                new PhaseRepro());
        add("injection", "003", InjectionRepro.TITLE, InjectionRepro.CLAIMS, InjectionRepro.PARAMETERS,
                new InjectionRepro());
        add("independent", "000", IndependentRepro.TITLE, IndependentRepro.CLAIMS, IndependentRepro.PARAMETERS,
                new IndependentRepro());
        add("apps", "000", AppsRepro.TITLE, AppsRepro.CLAIMS, AppsRepro.PARAMETERS,
                new AppsRepro());
        add("saam", "000", SaamRepro.TITLE, SaamRepro.CLAIMS, SaamRepro.PARAMETERS,
                new SaamRepro());
        add("crp", "001", CrpRepro.TITLE, CrpRepro.CLAIMS, CrpRepro.PARAMETERS,
                new CrpRepro());
        add("stp", "002", StpRepro.TITLE, StpRepro.CLAIMS, StpRepro.PARAMETERS,
                new StpRepro());
        add("stp-tcp", "002", StpTcpRepro.TITLE, StpTcpRepro.CLAIMS, StpTcpRepro.PARAMETERS, new StpTcpRepro());
        add("sr", "002", SegmentRepro.TITLE, SegmentRepro.CLAIMS, SegmentRepro.PARAMETERS,
                new SegmentRepro());
        add("lash", "002", LashRepro.TITLE, LashRepro.CLAIMS, LashRepro.PARAMETERS,
                new LashRepro());
        add("qos", "002", QosRepro.TITLE, QosRepro.CLAIMS, QosRepro.PARAMETERS,
                new QosRepro());
        add("admission", "002", AdmissionRepro.TITLE, AdmissionRepro.CLAIMS, AdmissionRepro.PARAMETERS,
                new AdmissionRepro());
        add("lash-layers", "002", LashLayersRepro.TITLE, LashLayersRepro.CLAIMS, LashLayersRepro.PARAMETERS,
                new LashLayersRepro());
        add("ecmp", "004", EcmpRepro.TITLE, EcmpRepro.CLAIMS, EcmpRepro.PARAMETERS,
                new EcmpRepro());
        add("ecmp-scaling", "004", EcmpScalingRepro.TITLE, EcmpScalingRepro.CLAIMS, EcmpScalingRepro.PARAMETERS,
                new EcmpScalingRepro());
        add("capacity", "004", CapacityRepro.TITLE, CapacityRepro.CLAIMS, CapacityRepro.PARAMETERS,
                new CapacityRepro());
        add("capacity-a2a", "004", AllToAllCapacityRepro.Criterion.AVERAGE);
        add("capacity-maxloss", "004", AllToAllCapacityRepro.Criterion.MAXIMUM);
        add("alternating", "004", AlternatingRepro.TITLE, AlternatingRepro.CLAIMS, AlternatingRepro.PARAMETERS,
                new AlternatingRepro());
        add("queues", "004", QueuesRepro.TITLE, QueuesRepro.CLAIMS, QueuesRepro.PARAMETERS,
                new QueuesRepro());
        add("isolation", "004", IsolationRepro.TITLE, IsolationRepro.CLAIMS, IsolationRepro.PARAMETERS,
                new IsolationRepro());
        add("resequencer", "004", ResequencerRepro.TITLE, ResequencerRepro.CLAIMS, ResequencerRepro.PARAMETERS,
                new ResequencerRepro());
        add("header", "004", HeaderRepro.TITLE, HeaderRepro.CLAIMS, HeaderRepro.PARAMETERS,
                new HeaderRepro());
        add("voq", "004", VoqRepro.TITLE, VoqRepro.CLAIMS, VoqRepro.PARAMETERS,
                new VoqRepro());
        add("voq-interval", "004", IntervalRepro.TITLE, IntervalRepro.CLAIMS, IntervalRepro.PARAMETERS,
                new IntervalRepro());
        add("voq-tenants", "004", TenantRepro.TITLE, TenantRepro.CLAIMS, TenantRepro.PARAMETERS,
                new TenantRepro());
        add("voq-stress", "004", StressRepro.TITLE, StressRepro.CLAIMS, StressRepro.PARAMETERS,
                new StressRepro());
    }

    private Reproductions() {
    }

    private static void add(String name, String seed, String title, List<Claim> claims, List<Parameter> parameters,
                            Reproduction.Experiment experiment) {
        ALL.add(name, new Reproduction(name, seed, title, claims, parameters, experiment));
    }

    /** Seed 004's all-to-all usable capacity under one criterion (Table 3.3 or 3.4). */
    private static void add(String name, String seed, AllToAllCapacityRepro.Criterion criterion) {
        add(name, seed, criterion.title(), criterion.claims(), criterion.parameters(),
                new AllToAllCapacityRepro(criterion));
    }

    /** Names in registration order. */
    public static List<String> names() {
        return ALL.names();
    }

    /**
     * The reproduction with this name.
     *
     * @throws IllegalArgumentException naming the unknown name and listing the known ones
     */
    public static Reproduction byName(String name) {
        return ALL.byName(name);
    }

    /** Every reproduction, in registration order. */
    public static List<Reproduction> all() {
        return ALL.values();
    }
}
