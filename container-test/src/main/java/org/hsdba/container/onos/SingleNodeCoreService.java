package org.hsdba.container.onos;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.core.IdGenerator;
import org.onosproject.core.Version;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/** Application ids and id generators of one node, in memory; the version is that of the onos-api bundle. */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = CoreService.class)
public final class SingleNodeCoreService implements CoreService {

    private final Map<String, ApplicationId> apps = new ConcurrentHashMap<>();
    private final AtomicInteger nextAppId = new AtomicInteger(1);
    private final Map<String, AtomicLong> idBlocks = new ConcurrentHashMap<>();

    @Override
    public Version version() {
        Bundle api = FrameworkUtil.getBundle(CoreService.class);
        if (api == null) {
            throw new IllegalStateException("CoreService was not loaded from the onos-api bundle");
        }
        org.osgi.framework.Version v = api.getVersion();
        return Version.version(v.getMajor(), v.getMinor(), String.valueOf(v.getMicro()), null);
    }

    @Override
    public Set<ApplicationId> getAppIds() {
        return Set.copyOf(apps.values());
    }

    @Override
    public ApplicationId getAppId(Short id) {
        return apps.values().stream().filter(a -> id != null && a.id() == id).findFirst().orElse(null);
    }

    @Override
    public ApplicationId getAppId(String name) {
        return apps.get(name);
    }

    @Override
    public ApplicationId registerApplication(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("application name must not be empty");
        }
        return apps.computeIfAbsent(name, n -> new DefaultApplicationId(nextAppId.getAndIncrement(), n));
    }

    /** The pre-deactivation hook is not kept: applications are never deactivated by this core. */
    @Override
    public ApplicationId registerApplication(String name, Runnable preDeactivate) {
        return registerApplication(name);
    }

    @Override
    public IdGenerator getIdGenerator(String topic) {
        AtomicLong next = idBlocks.computeIfAbsent(topic, t -> new AtomicLong(1));
        return next::getAndIncrement;
    }
}
