package io.jtrace.analysis;

import io.jtrace.read.SampleProfile;

/**
 * Everything {@code jtrace summary} reports about a recording. {@code samples} is null when the
 * recording holds no execution samples.
 */
public record RecordingSummary(String source, long spanNanos, MethodStatistics statistics, long dataLossEvents,
                               long dataLossBytes, String damage, SampleProfile.Result samples) {}
