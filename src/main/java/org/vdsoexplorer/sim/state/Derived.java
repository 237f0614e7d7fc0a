package org.vdsoexplorer.sim.state;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a non-final field of a stepping component that is deliberately not in its {@link StepState} holder:
 * configuration set before stepping, wiring to another component, a cache recomputed on restore, or scratch
 * that every step sets before reading. {@link #value()} says which and why; the step-back coverage test
 * fails on any other non-final field left outside the holder.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Derived {
    /** Why the field is not step-back state. */
    String value();
}
