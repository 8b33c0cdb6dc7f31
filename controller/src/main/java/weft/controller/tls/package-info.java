/**
 * TLS for every listener and client of the controller: one builder ({@link weft.controller.tls.TlsContexts}) that
 * reads PEM certificate chains, PKCS#8 keys and CA bundles, refuses a key that does not match its certificate or
 * a certificate outside its validity at start-up, and asks peers for certificates when a CA is given. The
 * OpenFlow listener, the agent channel and the REST API all build their contexts here. The OpenFlow and REST
 * listeners admit connections through one {@link weft.controller.tls.ConnectionGate}: a bound on the connections open
 * at once, then the TLS handler first in the pipeline.
 *
 * <p>Sources: RFC 8446 (TLS 1.3) §4.4.2 (the certificate and the signing key), RFC 6125 §6 (host names in
 * certificates), OpenFlow Switch Specification 1.3.5 §6.3.3 (TLS between switch and controller, mutual
 * authentication with certificates).
 */
package weft.controller.tls;
