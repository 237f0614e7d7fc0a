package org.vdsoexplorer.archfixture.app;

import org.vdsoexplorer.session.Session;

/** A "view" that reads the live register array of the session's machine instead of its snapshot. */
public final class ViewReadingTheRegisters {
    public long rax(Session s) { return s.machine().cpu().cpu.r[0]; }
}
