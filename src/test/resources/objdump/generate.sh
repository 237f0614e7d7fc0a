#!/bin/sh
# Regenerates the objdump fixtures from funcs.c with this machine's gcc and binutils: plain `objdump -d`
# (raw bytes column, long instructions continued on a second line), `objdump -d -l` (source lines) and
# `objdump -d --no-show-raw-insn`. Run from this folder: sh generate.sh
set -e
gcc -O2 -g -ffile-prefix-map="$PWD"=. -fcf-protection=none -fno-asynchronous-unwind-tables -c -o funcs.o funcs.c
objdump -d funcs.o > funcs-d.txt
objdump -d -l funcs.o > funcs-dl.txt
objdump -d --no-show-raw-insn funcs.o > funcs-noraw.txt
rm funcs.o
