package org.hsdba.rest.server;

import java.lang.reflect.Field;
import java.util.Objects;

import org.hsdba.api.HsdbaService;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.rest.BaseResource;

/**
 * Outside OSGi, ONOS's {@code BaseResource.get(Class)} has no service registry to ask: this hook
 * replaces its (static, JVM-wide) service directory with one that answers {@link HsdbaService}
 * with the lab's instance, and puts the original back when the last server using it stops. Being
 * JVM-wide, servers of one JVM must share one service instance.
 */
final class ServiceDirectoryHook {

    private static final String FIELD = "services";

    private static HsdbaService installed;
    private static ServiceDirectory original;
    private static int users;

    private ServiceDirectoryHook() {
    }

    /** Makes {@code service} what resources get; throws if another instance is already installed. */
    static synchronized void install(HsdbaService service) {
        Objects.requireNonNull(service, "service");
        if (users > 0 && installed != service) {
            throw new IllegalStateException("another HsdbaService is already serving REST in this JVM ("
                    + installed + "); one service instance per JVM");
        }
        if (users == 0) {
            original = swap(new SingleServiceDirectory(service));
            installed = service;
        }
        users++;
    }

    static synchronized void uninstall(HsdbaService service) {
        if (users == 0 || installed != service) {
            return;
        }
        if (--users == 0) {
            swap(original);
            installed = null;
            original = null;
        }
    }

    private static ServiceDirectory swap(ServiceDirectory directory) {
        try {
            Field f = BaseResource.class.getDeclaredField(FIELD);
            f.setAccessible(true);
            ServiceDirectory previous = (ServiceDirectory) f.get(null);
            f.set(null, directory);
            return previous;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot set the service directory of ONOS's BaseResource (onlab-rest "
                    + "changed?): " + e, e);
        }
    }

    /** Answers one service; anything else is "not found", as in ONOS without that service. */
    private static final class SingleServiceDirectory implements ServiceDirectory {
        private final HsdbaService service;

        SingleServiceDirectory(HsdbaService service) {
            this.service = service;
        }

        @Override
        public <T> T get(Class<T> serviceClass) {
            if (serviceClass == HsdbaService.class) {
                return serviceClass.cast(service);
            }
            throw new ServiceNotFoundException("service " + serviceClass.getName() + " is not available in the lab");
        }
    }
}
