#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Composes a document's art as ossa-cli sample --json places it, without the editor.

  build-aux/preview-art.py [--cli ossa-cli] [--scale 2] [--bones] DOC OUT.png FRAME…

FRAME is "rest" or ANIMATION:TIME (e.g. walk:0.25); the frames are put side by side
in OUT.png. Each visible attachment's PNG is drawn in draw order onto its four world
corners (ImageMagick's perspective distort), tinted by its slot's colour, over a
ground line at y = 0; --bones marks the joints. For looking at sample art while the
editor cannot draw it, and for checking a rig's art lines up (no gaps at joints).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def run_json(args):
    return json.loads(subprocess.check_output(args))


def frame_layers(cli, doc, frame):
    args = [cli, 'sample', doc, '--json']
    if frame == 'rest':
        args += ['--time', '0']
    else:
        anim, time = frame.rsplit(':', 1)
        args += ['--anim', anim, '--time', time]
    return run_json(args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--cli', default='ossa-cli')
    ap.add_argument('--scale', type=float, default=2.0, help='pixels per world unit')
    ap.add_argument('--bones', action='store_true', help='mark the joints')
    ap.add_argument('doc')
    ap.add_argument('out')
    ap.add_argument('frames', nargs='+')
    a = ap.parse_args()

    info = run_json([a.cli, 'info', a.doc, '--json'])
    images = {im['name']: im for im in info.get('images', [])}
    slots = {s['name']: s for s in info.get('slots', [])}
    docdir = os.path.dirname(os.path.abspath(a.doc))
    poses = [frame_layers(a.cli, a.doc, f) for f in a.frames]

    # One view for every frame: the bounds of all corners, with a margin.
    xs, ys = [0.0], [0.0]
    for pose in poses:
        for s in pose.get('slots', []):
            for x, y in s.get('vertices', []):
                xs.append(x)
                ys.append(y)
    x0, x1, y0, y1 = min(xs) - 10, max(xs) + 10, min(ys) - 10, max(ys) + 10
    k = a.scale
    w, h = int((x1 - x0) * k), int((y1 - y0) * k)

    def screen(x, y):
        return (x - x0) * k, (y1 - y) * k

    with tempfile.TemporaryDirectory() as tmp:
        tiles = []
        for i, pose in enumerate(poses):
            _, ground = screen(0, 0)
            cmd = ['convert', '-size', '%dx%d' % (w, h), 'xc:#eef3f7',
                   '-fill', '#9bbf7a', '-draw', 'rectangle 0,%g %d,%d' % (ground, w, h)]
            for s in pose.get('slots', []):
                if s['attachment'] is None:
                    continue
                att = next(t for t in slots[s['name']]['attachments'] if t['name'] == s['attachment'])
                im = images[att['image']]
                if not im.get('path') or im.get('missing'):
                    print('preview-art: %s: no file to draw' % im['name'], file=sys.stderr)
                    continue
                pw, ph = im['width'], im['height']
                # DESIGN.md: the corners in this order have UVs (0,1) (1,1) (1,0) (0,0).
                src = [(0, ph), (pw, ph), (pw, 0), (0, 0)]
                pts = ' '.join('%g,%g %g,%g' % (p[0], p[1], *screen(*v))
                               for p, v in zip(src, s['vertices']))
                r, g, b, al = s['color']
                cmd += ['(', os.path.join(docdir, im['path']), '-alpha', 'set']
                for channel, value in zip('RGBA', (r, g, b, al)):
                    cmd += ['-channel', channel, '-evaluate', 'multiply', str(value)]
                cmd += ['+channel', '-virtual-pixel', 'transparent',
                        '-define', 'distort:viewport=%dx%d+0+0' % (w, h),
                        '+distort', 'Perspective', pts, '+repage', ')',
                        '-compose', 'over', '-composite']
            if a.bones:
                for bone in pose['bones']:
                    sx, sy = screen(bone['world']['x'], bone['world']['y'])
                    cmd += ['-fill', '#ff000090', '-draw', 'circle %g,%g %g,%g' % (sx, sy, sx + 2, sy)]
            tile = os.path.join(tmp, 'frame%d.png' % i)
            subprocess.check_call(cmd + [tile])
            tiles.append(tile)
        subprocess.check_call(['convert'] + tiles + ['+append', a.out])


if __name__ == '__main__':
    main()
