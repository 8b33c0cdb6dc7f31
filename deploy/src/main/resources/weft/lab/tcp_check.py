# Weft lab TCP check: sends N bytes to each address and expects the sink to report N back.
# Prints one line per failure: "FAIL <ip> <reason>".
import socket, sys

port, size, timeout = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
payload = b"w" * size
for ip in sys.argv[4:]:
    try:
        with socket.create_connection((ip, port), timeout=timeout) as s:
            s.sendall(payload)
            s.shutdown(socket.SHUT_WR)
            got = b""
            while True:
                b = s.recv(64)
                if not b:
                    break
                got += b
            if got.decode() != str(size):
                print("FAIL", ip, "sink counted", got.decode() or "nothing", "of", size, flush=True)
    except Exception as e:
        print("FAIL", ip, type(e).__name__, e, flush=True)
