"""Names only: adafruit_bus_device annotates buffers with these."""

ReadableBuffer = bytes
WriteableBuffer = bytearray
