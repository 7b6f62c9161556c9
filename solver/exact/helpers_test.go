package exact

import "github.com/mrsched/mrsched/instances"

func instancesExample21() *instances.Instance { return instances.Example21() }
