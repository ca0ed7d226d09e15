"""Plays a Lottie file with two independent players and compares their frames with LoaderLab's.

usage: python lottie-oracle.py FILE.json FRAMES.png K [K ...]

FILE.json is checked against the Lottie format's JSON schema (lottie-specs). FRAMES.png is
LoaderLab's own recording of the same frames (an APNG, frame k at k/fps; frames that repeat
the one before are stored once, with its duration lengthened). Frame K of the Lottie
file is drawn by ThorVG (thorvg-python) and by rlottie (rlottie-python); each picture and
LoaderLab's frame K are put over the same grey and compared pixel by pixel. Prints JSON:
{"schema": null or the first error, "frames": [{"k": K, "thorvg": D, "rlottie": D}, ...]}
where D is {"max": the largest difference of any channel, "mean": the mean difference over
every channel, "over": {"32": pixels whose largest channel difference exceeds 32, "64": ..,
"128": ..}, "unexplained": pixels of either picture that no pixel of the other within one
pixel comes within 64 of in every channel (edges a fraction of a pixel apart, drawn or
filtered differently, are explained; a shape elsewhere is not)}.
"""

import json
import sys

import jsonschema
import lottie_specs
import thorvg_python as tvg
from PIL import Image, ImageChops, ImageFilter
from rlottie_python import LottieAnimation

GREY = (128, 128, 128, 255)
LEVELS = (32, 64, 128)
TOLERANCE = 64


def flatten(image):
    """The RGBA image over opaque grey, as RGB."""
    base = Image.new("RGBA", image.size, GREY)
    base.alpha_composite(image.convert("RGBA"))
    return base.convert("RGB")


def largest_channel(image):
    r, g, b = image.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)


def unexplained(a, b):
    """Pixels of a that no pixel of b within one pixel of it comes within TOLERANCE of, in
    every channel: what edges drawn a fraction of a pixel apart and filtered differently do not
    explain."""
    low = b.filter(ImageFilter.MinFilter(3))
    high = b.filter(ImageFilter.MaxFilter(3))
    outside = ImageChops.lighter(ImageChops.subtract(low, a), ImageChops.subtract(a, high))
    return sum(largest_channel(outside).histogram()[TOLERANCE + 1 :])


def compare(a, b):
    a, b = flatten(a), flatten(b)
    diff = ImageChops.difference(a, b)
    histogram = largest_channel(diff).histogram()
    channels = diff.histogram()
    total = sum(i % 256 * n for i, n in enumerate(channels))
    return {
        "max": max(i for i, n in enumerate(histogram) if n) if any(histogram) else 0,
        "mean": total / (diff.size[0] * diff.size[1] * 3),
        "over": {str(level): sum(histogram[level + 1 :]) for level in LEVELS},
        "unexplained": max(unexplained(a, b), unexplained(b, a)),
    }


def recorded_frames(path):
    """The recording's pictures, each with the time it ends (ms), read once in order."""
    image = Image.open(path)
    if getattr(image, "n_frames", 1) == 1:
        return [(float("inf"), image.convert("RGBA"))]
    frames = []
    end = 0.0
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        end += image.info.get("duration", 0)
        frames.append((end, image.convert("RGBA")))
    return frames


def recorded_frame(frames, k, fps):
    """The recording's picture at frame k (k/fps s in)."""
    moment = 1000.0 * k / fps
    for end, picture in frames:
        if moment < end - 1e-6:
            return picture
    raise ValueError(f"the recording ends before frame {k}")


def thorvg_frame(path, k, width, height):
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    animation.set_frame(k)
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return canvas.get_pillow().convert("RGBA")


def main():
    path, recording = sys.argv[1], sys.argv[2]
    frames = [int(k) for k in sys.argv[3:]]
    with open(path) as f:
        document = json.load(f)
    schema = lottie_specs.load_specs()
    error = next(iter(jsonschema.Draft202012Validator(schema).iter_errors(document)), None)
    width, height = document["w"], document["h"]
    rlottie = LottieAnimation.from_file(path)
    own = recorded_frames(recording)
    results = []
    for k in frames:
        mine = recorded_frame(own, k, document["fr"])
        results.append({
            "k": k,
            "thorvg": compare(mine, thorvg_frame(path, k, width, height)),
            "rlottie": compare(mine, rlottie.render_pillow_frame(frame_num=k).convert("RGBA")),
        })
    print(json.dumps({"schema": None if error is None else f"{list(error.absolute_path)}: {error.message}", "frames": results}))


main()
