#!/usr/bin/env python3
"""What a running program's resident memory is made of, by mapping and, inside its own binary, by
ELF section and by the module of the code or data on each resident page.

  Benchmarks/tui/rss-sections.py PID [--top 12]

Reads /proc/PID/smaps (resident KiB of each mapping: file-backed pages of the binary and of each
shared object, heap, stacks) and /proc/PID/pagemap (which of the binary's pages are resident; the
present bit needs no privilege). A resident page of the binary is given to the ELF section its file
offset falls in (readelf -SW) and to the symbol covering most of it (nm -S): Swift symbols by their
module ($s10Foundation… is Foundation; $sS… the standard library), C++ by their first namespace
(ICU's icu_NN), C by name (ICU's C API ends in _NN). Linux only.
"""
import argparse
import bisect
import collections
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def mappings(pid):
    """(start, end, offset, path, rss_kib, anon_kib) of each mapping, from smaps."""
    result = []
    current = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) \S+ ([0-9a-f]+) \S+ \d+\s*(.*)$", line)
            if head:
                current = [int(head[1], 16), int(head[2], 16), int(head[3], 16), head[4].strip(), 0, 0]
                result.append(current)
            elif line.startswith("Rss:"):
                current[4] = int(line.split()[1])
            elif line.startswith("Anonymous:"):
                current[5] = int(line.split()[1])
    return result


def sections(binary):
    """(file offset, size, name) of each section that occupies the file."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if m and m[2] != "NOBITS":
            found.append((int(m[3], 16), int(m[4], 16), m[1]))
    return sorted(found)


def symbols(binary):
    """Sorted (address, size, name) of the binary's sized symbols."""
    out = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and int(parts[1], 16) > 0:
            found.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return sorted(found)


def module_of(name):
    m = re.match(r"^_?\$s(\d+)", name)
    if m:
        n = int(m[1])
        start = m.end()
        return name[start:start + n]
    if name.startswith(("$sS", "_$sS", "swift_", "_swift_")):
        return "Swift"
    if name.startswith("$s"):
        return "Swift"
    m = re.match(r"^_ZN?K?(\d+)", name)
    if m:
        ns = name[m.end():m.end() + int(m[1])]
        return "ICU" if ns.startswith("icu_") else "C++ " + ns
    if re.search(r"_7\d$", name) or name.startswith(("icudt", "u_", "ucol_", "ubrk_")):
        return "ICU"
    return "C " + name.split("_")[0][:20]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pid", type=int)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    pid = args.pid
    binary = os.readlink(f"/proc/{pid}/exe")
    maps = mappings(pid)

    total = sum(m[4] for m in maps)
    by_object = collections.Counter()
    anon = 0
    for start, end, offset, path, rss, anonymous in maps:
        by_object[path or "[anonymous]"] += rss
        anon += anonymous
    print(f"VmRSS {total / 1024:.1f} MiB ({anon / 1024:.1f} MiB anonymous: heap, stacks, written pages)")
    for path, rss in by_object.most_common(args.top):
        print(f"  {rss / 1024:7.2f} MiB  {path}")

    secs = sections(binary)
    starts = [s[0] for s in secs]
    syms = symbols(binary)
    addrs = [s[0] for s in syms]
    by_section = collections.Counter()
    by_module = collections.Counter()
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, offset, path, rss, anonymous in maps:
            if path != binary:
                continue
            pages = (end - start) // PAGE
            pagemap.seek(start // PAGE * 8)
            entries = struct.unpack(f"{pages}Q", pagemap.read(pages * 8))
            for k, entry in enumerate(entries):
                if not entry >> 63 & 1:
                    continue
                file_offset = offset + k * PAGE
                i = bisect.bisect_right(starts, file_offset) - 1
                section = secs[i][2] if i >= 0 and file_offset < secs[i][0] + secs[i][1] + PAGE else "(between sections)"
                by_section[section] += PAGE
                # Symbols are by address; in a PIE binary, address = file offset + (segment's vaddr - offset),
                # which the loader keeps: the mapping's start minus the load base.
                vaddr = start - base_of(maps, binary) + k * PAGE
                j = bisect.bisect_right(addrs, vaddr + PAGE) - 1
                cover = collections.Counter()
                while j >= 0 and syms[j][0] + syms[j][1] > vaddr and len(cover) < 64:
                    a, size, name = syms[j]
                    overlap = min(a + size, vaddr + PAGE) - max(a, vaddr)
                    if overlap > 0:
                        cover[module_of(name)] += overlap
                    j -= 1
                    if a < vaddr - (1 << 20):
                        break
                by_module[cover.most_common(1)[0][0] if cover else "(no symbol)"] += PAGE
    print(f"{binary}: resident pages by section")
    for name, size in by_section.most_common(args.top):
        print(f"  {size / 1048576:7.2f} MiB  {name}")
    print("by the module of the symbols on the page")
    for name, size in by_module.most_common(args.top * 2):
        print(f"  {size / 1048576:7.2f} MiB  {name}")


def base_of(maps, binary):
    """The binary's load base: its first mapping's start minus that mapping's file offset."""
    for start, end, offset, path, rss, anonymous in maps:
        if path == binary:
            return start - offset
    raise SystemExit("the binary is not mapped")


if __name__ == "__main__":
    sys.exit(main())
