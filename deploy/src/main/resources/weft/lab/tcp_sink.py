# Weft lab TCP sink: counts the bytes of each connection until EOF and answers with the count.
import socketserver, sys

class Count(socketserver.BaseRequestHandler):
    def handle(self):
        n = 0
        while True:
            b = self.request.recv(65536)
            if not b:
                break
            n += len(b)
        self.request.sendall(str(n).encode())

class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

Server(("0.0.0.0", int(sys.argv[1])), Count).serve_forever()
