"""The battery: VSYS through the Pico's own divider (VSYS/3) on ADC3.

Three AAA cells give about 4.5-4.8 V fresh. Alkaline cells are spent at
about 1.0 V each (3.0 V here); below that their voltage sags fast under
load. The Pico's buck-boost regulator keeps 3.3 V, and so flash writes,
working down to 1.8 V, so stopping at 3.0 V leaves a wide margin in which
everything has been saved and the screen says so. On USB VSYS reads about
4.7-5.0 V, which is simply full.
"""

from micropython import const

LOW_MV = const(3300)  # 1.1 V a cell: warn
EMPTY_MV = const(3000)  # 1.0 V a cell: stop and say so
FULL_MV = const(4500)
_SAMPLES = const(8)


class Battery:
    def __init__(self, adc):
        self._adc = adc

    def millivolts(self):
        """VSYS in mV, the mean of a few readings (the ADC is noisy)."""
        total = 0
        for _ in range(_SAMPLES):
            total += self._adc.read_u16()
        # 3 for the divider, 3,300 mV full scale; kept under 2**30 (small ints)
        return (total // _SAMPLES) * 9900 // 65535


def level(mv):
    """0..4 bars for the gauge."""
    if mv >= FULL_MV:
        return 4
    if mv <= EMPTY_MV:
        return 0
    return 1 + (mv - EMPTY_MV) * 3 // (FULL_MV - EMPTY_MV)
