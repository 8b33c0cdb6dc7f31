package weft.controller.agentlink;

import java.util.List;
import java.util.regex.Pattern;
import org.apache.commons.net.util.SubnetUtils;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.Printable;

/** The field rules of {@link RegistrationCheck#syntax}. */
final class RegistrationFields {
    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}");
    /** An octet such as 010, which some parsers read as octal. */
    private static final Pattern LEADING_ZERO = Pattern.compile("(^|\\.)0\\d");
    private static final Pattern ATTACHMENT = Pattern.compile("[A-Za-z0-9._-]{1,64}:[1-9][0-9]{0,9}");

    private RegistrationFields() {
    }

    /** Whether {@code ip} is a dotted IPv4 address without leading zeros (Commons Net parses it). */
    static boolean isIpv4(String ip) {
        if (LEADING_ZERO.matcher(ip).find()) {
            return false;
        }
        try {
            new SubnetUtils(ip + "/32");
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The first problem of {@code r}'s fields, or null. */
    static String problem(ControlMessage.Register r, List<SubnetUtils.SubnetInfo> subnets) {
        String host = r.host();
        if (host.length() > RegistrationCheck.MAX_HOST_CHARS) {
            return "host id of " + host.length() + " characters, expected at most "
                    + RegistrationCheck.MAX_HOST_CHARS;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                return "host id has a control character at index " + i + ", expected printable characters";
            }
        }
        String ip = r.ip();
        if (!isIpv4(ip)) {
            return "ip '" + Printable.of(ip) + "' is not a dotted IPv4 address such as 10.0.0.1";
        }
        int first = Integer.parseInt(ip.substring(0, ip.indexOf('.')));
        if (ip.equals("0.0.0.0") || ip.equals("255.255.255.255") || first >= 224) {
            return "ip " + ip + " is not a unicast host address (not 0.0.0.0, multicast, reserved or broadcast)";
        }
        if (!subnets.isEmpty() && subnets.stream().noneMatch(s -> s.isInRange(ip))) {
            return "ip " + ip + " is outside the agent subnets "
                    + subnets.stream().map(SubnetUtils.SubnetInfo::getCidrSignature).toList();
        }
        if (r.mac() != null && (!MAC.matcher(r.mac()).matches()
                || (Integer.parseInt(r.mac().substring(0, 2), 16) & 1) != 0)) {
            return "mac '" + Printable.of(r.mac()) + "' is not a unicast MAC such as 02:00:00:00:00:01";
        }
        if (r.dataPort() < 1 || r.dataPort() > 65535) {
            return "dataPort " + r.dataPort() + " is not in 1..65535";
        }
        if (r.attachment() != null && !ATTACHMENT.matcher(r.attachment()).matches()) {
            return "attachment '" + Printable.of(r.attachment()) + "' is not switch:port such as s1:3 or "
                    + "0000000000000001:3";
        }
        return null;
    }
}
