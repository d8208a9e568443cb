"""The game's sound effects, synthesized with numpy: ``widgets/play/sounds/*.wav``.

Run ``PYTHONPATH=notebooks python -m build_tools.sounds`` to write them again (the files are
package data of ``warkit_widgets.play``; tests check they are what this makes). Small mono
16-bit WAV files at 16 kHz, made of plain waves and noise: nothing is recorded or
downloaded, and each is soft (peak at most half the scale) and short.

- ``dice``: three clacks of filtered noise, as dice hit a table;
- ``conquest``: two rising notes (a fourth), a brief fanfare;
- ``victory``: an arpeggio C-E-G-C that rings out;
- ``your_turn``: a gentle two-tone chime (the tab's title says it too).
"""

from __future__ import annotations

import io
import wave
from pathlib import Path

import numpy as np

RATE = 16_000
OUT = Path(__file__).resolve().parents[2] / "widgets" / "play" / "sounds"


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _note(freq: float, seconds: float, decay: float, harmonics: float = 0.3) -> np.ndarray:
    """A plucked-sounding note: a sine with a touch of its octave, fading exponentially."""
    t = _time(seconds)
    wave_ = np.sin(2 * np.pi * freq * t) + harmonics * np.sin(4 * np.pi * freq * t)
    attack = np.minimum(1.0, t / 0.006)  # no click at the start
    return wave_ * attack * np.exp(-t / decay)


def _clack(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A short knock: noise smoothed into a woody band, fading fast."""
    t = _time(seconds)
    noise = rng.standard_normal(t.size)
    kernel = np.hanning(9)
    band = np.convolve(noise, kernel / kernel.sum(), mode="same") - np.convolve(
        noise, np.ones(40) / 40, mode="same")
    return band * np.exp(-t / 0.018)


def _place(total: float, parts: list[tuple[float, np.ndarray]]) -> np.ndarray:
    out = np.zeros(int(RATE * total))
    for start, part in parts:
        i = int(RATE * start)
        n = min(part.size, out.size - i)
        out[i:i + n] += part[:n]
    return out


def dice() -> np.ndarray:
    rng = np.random.default_rng(6)
    return _place(0.32, [(0.0, _clack(0.08, rng)), (0.09, 0.8 * _clack(0.08, rng)),
                         (0.19, 0.6 * _clack(0.1, rng))])


def conquest() -> np.ndarray:
    return _place(0.45, [(0.0, _note(523.25, 0.2, 0.09)), (0.12, _note(698.46, 0.33, 0.14))])


def victory() -> np.ndarray:
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(0.13 * k, _note(f, 1.1 - 0.13 * k, 0.25 + 0.1 * k)) for k, f in enumerate(notes)]
    return _place(1.2, parts)


def your_turn() -> np.ndarray:
    return _place(0.6, [(0.0, 0.7 * _note(880.0, 0.35, 0.12, 0.0)),
                        (0.14, 0.7 * _note(1318.5, 0.45, 0.16, 0.0))])


SOUNDS = {"dice": dice, "conquest": conquest, "victory": victory, "your_turn": your_turn}
PEAK = 0.5
"""The loudest sample, as a share of full scale (soft next to other pages' sounds)."""


def wav_bytes(samples: np.ndarray) -> bytes:
    """``samples`` scaled to :data:`PEAK` as a mono 16-bit WAV file."""
    scaled = samples / max(float(np.abs(samples).max()), 1e-9) * PEAK
    pcm = np.round(scaled * 32767).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        data = wav_bytes(make())
        (OUT / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav: {len(data):,} bytes")


if __name__ == "__main__":
    main()
