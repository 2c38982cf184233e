package org.hsdba.container.onos;

import java.util.Map;

import org.onosproject.security.AuditService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log of ONOS's core, which onos-cli's {@code AbstractShellCommand} asks for before
 * every command (without it every ONOS shell command fails with "Service
 * org.onosproject.security.AuditService not found"). Like ONOS, auditing is off unless the
 * component property {@value #ENABLED} is true; audited actions go to the log.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = AuditService.class, property = LogAuditService.ENABLED + ":Boolean=false")
public final class LogAuditService implements AuditService {

    static final String ENABLED = "auditEnabled";
    private static final Logger AUDIT = LoggerFactory.getLogger("org.hsdba.container.audit");

    private volatile boolean enabled;

    @Activate
    @Modified
    void configure(Map<String, Object> properties) {
        enabled = Boolean.parseBoolean(String.valueOf(properties.getOrDefault(ENABLED, "false")));
    }

    @Override
    public boolean isAuditing() {
        return enabled;
    }

    @Override
    public void logUserAction(String user, String action) {
        if (enabled) {
            AUDIT.info("user {}: {}", user, action);
        }
    }
}
