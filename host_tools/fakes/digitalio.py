"""Names only: adafruit_ssd1306 annotates its reset pin as digitalio.DigitalInOut."""


class DigitalInOut:
    pass
