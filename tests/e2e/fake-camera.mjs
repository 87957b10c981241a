// A camera for the browser tests: Chromium's fake capture device plays a video file the test
// makes from screenshots of QR codes, looping it, so the app's in-app scanner reads them as a
// phone's camera would. And a second, independent QR reader: `zbarimg` (Debian's zbar-tools).
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { PNG } from "pngjs";
import config from "../../playwright.config.mjs";

/// White frames between two codes, so each code leaves the picture before the next comes.
const BLANK_FRAMES = 3;

/// The grey level (BT.601 luma) of each pixel of a decoded PNG, transparent pixels as white.
function luma(png) {
  const out = new Uint8Array(png.width * png.height);
  for (let i = 0; i < out.length; i++) {
    const [r, g, b, a] = png.data.subarray(4 * i, 4 * i + 4);
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    out[i] = Math.round((y * a + 255 * (255 - a)) / 255);
  }
  return out;
}

/// A `width` × `height` luma plane: `png` centred on white, scaled to fit within 90 % of the
/// frame (nearest pixel, so modules stay sharp).
function lumaFrame(png, width, height) {
  const plane = new Uint8Array(width * height).fill(255);
  const grey = luma(png);
  const scale = Math.min((0.9 * width) / png.width, (0.9 * height) / png.height);
  const w = Math.max(1, Math.floor(png.width * scale));
  const h = Math.max(1, Math.floor(png.height * scale));
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(png.height - 1, Math.floor(y / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(png.width - 1, Math.floor(x / scale));
      plane[(top + y) * width + left + x] = grey[sy * png.width + sx];
    }
  }
  return plane;
}

/// Writes a Y4M video (YUV 4:2:0, `C420jpeg`, 10 frames a second) that shows each PNG of
/// `pngBuffers` centred on white for `framesEach` frames, with a few white frames after each;
/// returns its path. Chromium's `--use-file-for-fake-video-capture` plays it in a loop.
export async function fakeVideo(pngBuffers, { framesEach = 20, width = 640, height = 480 } = {}) {
  if (width % 2 || height % 2) throw new Error("fakeVideo: width and height must be even");
  const path = join(mkdtempSync(join(tmpdir(), "fake-camera-")), "codes.y4m");
  const fd = openSync(path, "w");
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const marker = Buffer.from("FRAME\n");
  const frame = (plane, times) => {
    for (let i = 0; i < times; i++) {
      writeSync(fd, marker);
      writeSync(fd, plane);
      writeSync(fd, chroma);
      writeSync(fd, chroma);
    }
  };
  try {
    writeSync(fd, Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`));
    const blank = Buffer.alloc(width * height, 255);
    for (const buffer of pngBuffers) {
      frame(Buffer.from(lumaFrame(PNG.sync.read(buffer), width, height)), framesEach);
      frame(blank, BLANK_FRAMES);
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

/// A Chromium launched as the tests' browser (playwright.config.mjs) with a camera that plays
/// `video` (a .y4m path from `fakeVideo`), the camera permission granted without a prompt.
/// Close it when done.
export async function launchWithCamera(video) {
  const launch = config.use.launchOptions;
  return chromium.launch({
    ...launch,
    args: [
      ...launch.args,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/// The text of the one QR code in the PNG at `pngPath`, read by zbar (`zbarimg`), a decoder
/// independent of jsQR and of the app's; throws when zbar finds no code.
export function zbarDecode(pngPath) {
  const out = spawnSync("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", pngPath], {
    encoding: "utf8",
  });
  if (out.error) throw new Error(`zbarimg could not run (install zbar-tools): ${out.error.message}`);
  if (out.status !== 0) throw new Error(`zbarimg found no QR code in ${pngPath} (exit ${out.status}): ${out.stderr}`);
  return out.stdout.replace(/\n$/, "");
}
