"""Runs mockintosh with TCP_NODELAY on every accepted connection.

Tornado turns Nagle's algorithm back on after each response, so a keep-alive client that
sends its next request waits for the delayed ACK (about 40 ms on Linux) whenever the server
writes a response in more than one segment. Real clients would see the same stall, but it
measures the kernel's timers rather than mockintosh, so the benchmark turns it off.
Usage: python mockintosh_nodelay.py [mockintosh arguments]
"""
import sys

import tornado.httpserver
import tornado.iostream
from mockintosh import initiate

_set_nodelay = tornado.iostream.IOStream.set_nodelay


def _always_nodelay(self, value):
    _set_nodelay(self, True)


tornado.iostream.IOStream.set_nodelay = _always_nodelay

_handle_stream = tornado.httpserver.HTTPServer.handle_stream


def _handle_stream_nodelay(self, stream, address):
    stream.set_nodelay(True)
    return _handle_stream(self, stream, address)


tornado.httpserver.HTTPServer.handle_stream = _handle_stream_nodelay

if __name__ == "__main__":
    sys.argv[0] = "mockintosh"
    sys.exit(initiate())
