package weft.controller.cli;

import java.io.File;
import java.util.List;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import weft.controller.tls.TlsFiles;

/**
 * The PEM files of one TLS endpoint as the three options {@code PREFIX-cert}, {@code PREFIX-key} and
 * {@code PREFIX-ca}, and their checks, for every endpoint of the CLI: the OpenFlow listener ({@code --tls}), the
 * agent registry ({@code --agent-tls}) and the REST API ({@code --rest-tls}) of {@code weft controller run}, and the
 * agent-link client of {@code weft rates set} ({@code --tls}). They become one {@link TlsFiles} with that prefix.
 *
 * <p>Decision: the options are declared with picocli's programmatic API, by the model transformer
 * {@link Declare} of the command that has the endpoints, because an annotated option's name is a constant: a mixin
 * class cannot take a prefix, and a class per prefix would repeat the three declarations and their checks.
 */
final class TlsOptions {
    private final String prefix;
    private final String certHelp;
    private final String caHelp;
    private final Value cert = new Value();
    private final Value key = new Value();
    private final Value ca = new Value();

    /**
     * @param prefix   the options' common prefix, e.g. {@code --rest-tls}
     * @param certHelp the help of {@code PREFIX-cert} (the key's help names it)
     * @param caHelp   the help of {@code PREFIX-ca}
     */
    TlsOptions(String prefix, String certHelp, String caHelp) {
        this.prefix = prefix;
        this.certHelp = certHelp;
        this.caHelp = caHelp;
    }

    /** A command (or a mixin of one) with TLS endpoints. */
    interface Endpoints {
        /** The endpoints whose options the command declares, its mixins' included. */
        List<TlsOptions> tlsEndpoints();
    }

    /** The model transformer of a command that is {@link Endpoints}: declares the options of each endpoint. */
    static final class Declare implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            for (TlsOptions endpoint : ((Endpoints) command.userObject()).tlsEndpoints()) {
                endpoint.declareIn(command);
            }
            return command;
        }
    }

    private void declareIn(CommandSpec command) {
        command.addOption(option("-cert", certHelp, cert));
        command.addOption(option("-key", "PKCS#8 PEM private key for " + prefix + "-cert", key));
        command.addOption(option("-ca", caHelp, ca));
    }

    /** One option, labelled as picocli labels an annotated field ({@code --rest-tls-ca=<restTlsCa>}). */
    private OptionSpec option(String suffix, String help, Value value) {
        StringBuilder label = new StringBuilder();
        for (String word : (prefix + suffix).substring(2).split("-")) {
            label.append(label.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return OptionSpec.builder(prefix + suffix).type(File.class).paramLabel("<" + label + ">").description(help)
                .getter(value).setter(value).build();
    }

    /** The certificate chain ({@code PREFIX-cert}), or null. */
    File cert() {
        return cert.file;
    }

    /** The private key ({@code PREFIX-key}), or null. */
    File key() {
        return key.file;
    }

    /** The CA bundle ({@code PREFIX-ca}), or null. */
    File ca() {
        return ca.file;
    }

    /** Whether any of the three options was given. */
    boolean given() {
        return cert.file != null || key.file != null || ca.file != null;
    }

    /**
     * Refuses {@code PREFIX-ca} without {@code PREFIX-cert}: a server asks for its peers' certificates only over
     * TLS.
     *
     * @param whyOrNull the reason added to the message in parentheses, or null
     * @throws CliFailure (usage) naming the three options
     */
    void requireCertForCa(String whyOrNull) {
        if (ca.file != null && cert.file == null) {
            throw new CliFailure(prefix + "-ca needs " + prefix + "-cert and " + prefix + "-key"
                    + (whyOrNull == null ? "" : " (" + whyOrNull + ")"), CliFailure.USAGE);
        }
    }

    /**
     * The files of a server endpoint, or null for plain TCP (neither certificate nor key given).
     *
     * @throws IllegalArgumentException naming the option when the certificate or the key is missing
     */
    TlsFiles serverOrNull() {
        return cert.file == null && key.file == null ? null : TlsFiles.server(prefix, cert.file, key.file, ca.file);
    }

    /**
     * The files of a client endpoint, or null for plain TCP (no CA given).
     *
     * @throws CliFailure (usage) when a certificate or key comes without {@code PREFIX-ca}
     * @throws IllegalArgumentException naming the option when only one of certificate and key is given
     */
    TlsFiles clientOrNull() {
        if (ca.file == null) {
            if (cert.file != null || key.file != null) {
                throw new CliFailure(prefix + "-cert and " + prefix + "-key need " + prefix + "-ca", CliFailure.USAGE);
            }
            return null;
        }
        return new TlsFiles(prefix, cert.file == null ? null : cert.file.toPath(),
                key.file == null ? null : key.file.toPath(), ca.file.toPath());
    }

    /** Where picocli reads and writes one option's file. */
    private static final class Value implements IGetter, ISetter {
        private File file;

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) file;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            T previous = (T) file;
            file = (File) value;
            return previous;
        }
    }
}
